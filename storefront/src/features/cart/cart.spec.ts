import { createStore } from '../../app/store.js';
import {
  addItem,
  clearCart,
  removeItem,
  selectCartCount,
  selectCartItems,
  selectCartSubtotal,
  updateQuantity,
  type CartItem,
} from './cartSlice.js';
import { CART_STORAGE_KEY } from './cartStorage.js';

const tee = {
  productId: 'tshirt',
  price: 2500,
  productName: 'T-Shirt',
  image: '/assets/tshirt.webp',
};

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

const itemsOf = (store: ReturnType<typeof createStore>) => selectCartItems(store.getState());

it('merges the same product and size, with quantity 1 by default', () => {
  const store = createStore(memoryStorage());
  store.dispatch(addItem({ ...tee, size: 'M' }));
  store.dispatch(addItem({ ...tee, size: 'M', quantity: 3 }));
  expect(itemsOf(store)).toEqual([{ ...tee, size: 'M', quantity: 4 }]);
});

it('keeps another size on its own line', () => {
  const store = createStore(memoryStorage());
  store.dispatch(addItem({ ...tee, size: 'M' }));
  store.dispatch(addItem({ ...tee, size: 'XL', quantity: 2 }));
  expect(itemsOf(store).map((i) => [i.size, i.quantity])).toEqual([
    ['M', 1],
    ['XL', 2],
  ]);
  expect(selectCartCount(store.getState())).toBe(3);
  expect(selectCartSubtotal(store.getState())).toBe(7500);
});

it('caps a merged line at 10', () => {
  const store = createStore(memoryStorage());
  store.dispatch(addItem({ ...tee, size: 'M', quantity: 8 }));
  store.dispatch(addItem({ ...tee, size: 'M', quantity: 5 }));
  expect(itemsOf(store)[0].quantity).toBe(10);
});

it('caps an updated quantity at 10 and removes the line at zero or less', () => {
  const store = createStore(memoryStorage());
  store.dispatch(addItem({ ...tee, size: 'M' }));
  store.dispatch(addItem({ ...tee, size: 'L' }));
  store.dispatch(updateQuantity({ productId: 'tshirt', size: 'M', quantity: 25 }));
  expect(itemsOf(store)[0].quantity).toBe(10);
  store.dispatch(updateQuantity({ productId: 'tshirt', size: 'M', quantity: 0 }));
  store.dispatch(updateQuantity({ productId: 'tshirt', size: 'L', quantity: -2 }));
  expect(itemsOf(store)).toEqual([]);
});

it('removes one line and clears the whole cart', () => {
  const store = createStore(memoryStorage());
  store.dispatch(addItem({ ...tee, size: 'M' }));
  store.dispatch(addItem({ ...tee, size: 'L' }));
  store.dispatch(removeItem({ productId: 'tshirt', size: 'M' }));
  expect(itemsOf(store).map((i) => i.size)).toEqual(['L']);
  store.dispatch(clearCart());
  expect(itemsOf(store)).toEqual([]);
});

it('saves every change under its fixed key and loads it on the next start', () => {
  const storage = memoryStorage();
  const first = createStore(storage);
  first.dispatch(addItem({ ...tee, size: 'S', quantity: 2 }));
  expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toEqual([
    { ...tee, size: 'S', quantity: 2 },
  ]);
  const second = createStore(storage);
  expect(itemsOf(second)).toEqual([{ ...tee, size: 'S', quantity: 2 }]);
});

it.each([
  ['text that is not JSON', '{not json'],
  ['an object instead of a list', '{"items":[]}'],
  ['a line with a quantity of 11', JSON.stringify([{ ...tee, size: 'M', quantity: 11 }])],
  ['a line without a price', JSON.stringify([{ productId: 'tshirt', quantity: 1 }])],
])('discards a corrupted stored cart (%s) instead of crashing', (_what, raw) => {
  const storage = memoryStorage({ [CART_STORAGE_KEY]: raw });
  const store = createStore(storage);
  expect(itemsOf(store)).toEqual([]);
  expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
});

it('still works when the storage refuses to save', () => {
  const storage = memoryStorage();
  storage.setItem = () => {
    throw new Error('QuotaExceededError');
  };
  const store = createStore(storage);
  store.dispatch(addItem({ ...tee, size: 'M' }));
  expect(itemsOf(store)).toHaveLength(1);
});

it('works with no storage at all', () => {
  const store = createStore(undefined);
  const item: Omit<CartItem, 'quantity'> = { ...tee, size: 'M' };
  store.dispatch(addItem(item));
  expect(itemsOf(store)).toHaveLength(1);
});
