import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { GalleryPhoto } from '@artist/contracts';
import { cartSlice, initialCartState } from '../features/cart/cartSlice.js';
import { browserStorage, loadCart, saveCart } from '../features/cart/cartStorage.js';
import { receiptSlice } from '../features/checkout/receiptSlice.js';
import { embeddedGallery, galleryApi } from '../features/gallery/galleryApi.js';
import { toastSlice } from '../features/toast/toastSlice.js';
import { api } from './api.js';

const rootReducer = combineSlices(api, cartSlice, toastSlice, receiptSlice);

/**
 * The storefront's store; the cart is read from and written back to the browser's storage. The
 * page's gallery starts in the cache when the page carries it, so the gallery's first render has
 * it. (The content is not in it: see `features/content/contentApi.ts`.)
 */
export function createStore(
  storage: Storage | undefined = browserStorage(),
  gallery: GalleryPhoto[] | undefined = embeddedGallery(),
) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { cart: { ...initialCartState, items: loadCart(storage) } },
    // The development-only state checks keep running; only their timing warnings, which fire on
    // any busy machine, wait for a slowdown worth reporting.
    middleware: (getDefault) =>
      getDefault({
        immutableCheck: { warnAfter: 200 },
        serializableCheck: { warnAfter: 200 },
      }).concat(api.middleware),
  });
  if (gallery) {
    store.dispatch(
      galleryApi.util.upsertQueryEntries([
        { endpointName: 'getGallery', arg: undefined, value: gallery },
      ]),
    );
  }
  let saved = store.getState().cart.items;
  store.subscribe(() => {
    const items = store.getState().cart.items;
    if (items !== saved) {
      saved = items;
      saveCart(storage, items);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
