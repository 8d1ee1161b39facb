import { Show } from '../modules/shows/show.entity.js';

/** Every entity of the schema; the data source and the schema checks read this list. */
export const entities = [Show];
