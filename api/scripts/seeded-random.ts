// The trials' generator lives beside the server's code, which the volume seed shares.
export { seededRandom } from '../src/common/seeded-random.js';
