import type * as StoreRuntimeModule from './storeRuntime.js';

export type StoreRuntime = typeof StoreRuntimeModule;

let loaded: StoreRuntime | undefined;
let loading: Promise<StoreRuntime> | undefined;

/** Loads the store's chunk (once; later calls reuse it). */
export function loadStoreRuntime(): Promise<StoreRuntime> {
  loading ??= import(/* webpackChunkName: "store" */ './storeRuntime.js').then(
    (module) => (loaded = module),
  );
  return loading;
}

/** The store's chunk, when it has already loaded in this page. */
export function loadedStoreRuntime(): StoreRuntime | undefined {
  return loaded;
}
