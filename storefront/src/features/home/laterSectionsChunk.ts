import type * as LaterSectionsModule from './laterSections.js';

export type LaterSections = typeof LaterSectionsModule;

/** The later sections' chunk once it has loaded in this page (a later home page renders it at once). */
let loaded: LaterSections | undefined;

/** Loads the chunk of the sections further down the home page (once; later calls reuse it). */
export function loadLaterSections(): Promise<LaterSections> {
  return import(/* webpackChunkName: "later-sections" */ './laterSections.js').then(
    (module) => (loaded = module),
  );
}

/** The chunk, when it has already loaded. */
export function loadedLaterSections(): LaterSections | undefined {
  return loaded;
}
