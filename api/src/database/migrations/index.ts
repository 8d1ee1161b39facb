import { CreateShows1763800000000 } from './1763800000000-CreateShows.js';

/** In order of application. */
export const migrations = [CreateShows1763800000000];
