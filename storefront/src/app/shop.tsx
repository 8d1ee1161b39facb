import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { browserStorage, loadCart } from '../features/cart/cartStorage.js';
import type { AppStore } from './store.js';
import { loadedStoreRuntime, loadStoreRuntime } from './storeRuntimeChunk.js';

/**
 * What the first screen needs of the shop without the store: the cart's count for the header's
 * badge and a way to open the cart. The store (Redux Toolkit, RTK Query) is a chunk of its own,
 * loaded by `loadStore()` when a part of the page needs it: the sections further down, the cart
 * panel, the other pages.
 */
export interface Shop {
  /** The page's store once it has loaded; null before. */
  store: AppStore | null;
  /** The number of items in the cart (the stored cart's until the store has loaded). */
  cartCount: number;
  /** Loads the store (once) and resolves with it, rendered. */
  loadStore: () => Promise<AppStore>;
  openCart: () => void;
}

const NO_SHOP: Shop = {
  store: null,
  cartCount: 0,
  loadStore: () => Promise.reject(new Error('No shop on this page')),
  openCart: () => undefined,
};

/** The page's shop; a page drawn without one (the server's first paint) has an empty cart. */
export const ShopContext = createContext<Shop>(NO_SHOP);

export const useShop = (): Shop => useContext(ShopContext);

const countOf = (items: { quantity: number }[]) =>
  items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * The shop of one mounted storefront. Its store is made when the store's chunk is there: at once
 * when the chunk had already loaded (a later page, the component tests), else on `loadStore()`.
 */
export function useShopState(): Shop {
  const [storage] = useState(browserStorage);
  const [initial] = useState(() => loadedStoreRuntime()?.createStore(storage) ?? null);
  const made = useRef<AppStore | null>(initial);
  const [store, setStore] = useState(initial);
  const [count, setCount] = useState(() => countOf(loadCart(storage)));

  useEffect(() => {
    const runtime = loadedStoreRuntime();
    if (!store || !runtime) return;
    const update = () => setCount(runtime.selectCartCount(store.getState()));
    update();
    return store.subscribe(update);
  }, [store]);

  const loadStore = useCallback(
    () =>
      loadStoreRuntime().then((runtime) => {
        if (!made.current) {
          const created = runtime.createStore(storage);
          made.current = created;
          // Rendered before the promise settles, so what waits on it finds the store's parts.
          flushSync(() => setStore(created));
        }
        return made.current;
      }),
    [storage],
  );
  const openCart = useCallback(() => {
    void loadStore().then((loaded) => loaded.dispatch(loadedStoreRuntime()!.setCartOpen(true)));
  }, [loadStore]);

  return useMemo(
    () => ({ store, cartCount: count, loadStore, openCart }),
    [store, count, loadStore, openCart],
  );
}

/** Its children with the page's store, once it has loaded; nothing before. */
export function WithStore({ children }: { children: ReactNode }) {
  const { store } = useShop();
  const runtime = loadedStoreRuntime();
  return store && runtime ? <runtime.Provider store={store}>{children}</runtime.Provider> : null;
}
