import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server: api/dist/main.js, next to the trial scripts' api/dist/trial/scripts/. */
export const mainJs = path.join(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..'),
  'dist',
  'main.js',
);

export { freePort } from './free-port.js';
