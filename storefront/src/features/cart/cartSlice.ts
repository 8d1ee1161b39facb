import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAX_QUANTITY } from '@artist/contracts';

export interface CartItem {
  productId: string;
  size?: string;
  quantity: number;
  /** Unit price in integer cents. */
  price: number;
  productName: string;
  image: string | null;
  /** On pre-order when added: the date (YYYY-MM-DD) it ships from. */
  preOrderUntil?: string | null;
  /** A release downloaded: no size, no shipping. */
  digital?: boolean;
  /** The amount the fan chose for a name-your-price release, in cents (also `price`). */
  priceCents?: number;
  /** How many were left when it was added, when few were ("Only 3 left"): the most it may hold. */
  left?: number | null;
}

/** The most a line may hold: what was left of it, when few were, and never more than 10. */
export const lineLimit = (item: Pick<CartItem, 'left'>) =>
  item.left === undefined || item.left === null ? MAX_QUANTITY : Math.min(item.left, MAX_QUANTITY);

export interface CartState {
  items: CartItem[];
  panelOpen: boolean;
}

type LineKey = Pick<CartItem, 'productId' | 'size'>;

const sameLine = (a: LineKey) => (b: LineKey) => a.productId === b.productId && a.size === b.size;

export const initialCartState: CartState = { items: [], panelOpen: false };

export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /**
     * Same product and size merge (capped at 10, or at what is left when few are); anything else
     * is a new line.
     */
    addItem(state, { payload }: PayloadAction<Omit<CartItem, 'quantity'> & { quantity?: number }>) {
      const quantity = payload.quantity ?? 1;
      const line = state.items.find(sameLine(payload));
      const limit = lineLimit(payload);
      if (line && payload.priceCents !== undefined) {
        // A release added again at another amount keeps the latest amount chosen.
        line.price = payload.price;
        line.priceCents = payload.priceCents;
      } else if (line) {
        line.left = payload.left;
        line.quantity = Math.min(line.quantity + quantity, limit);
      } else state.items.push({ ...payload, quantity: Math.min(quantity, limit) });
    },
    /** Zero or less removes the line; more than 10 (or than was left) is capped there. */
    updateQuantity(state, { payload }: PayloadAction<LineKey & { quantity: number }>) {
      if (payload.quantity <= 0) {
        state.items = state.items.filter((item) => !sameLine(payload)(item));
        return;
      }
      const line = state.items.find(sameLine(payload));
      if (line) line.quantity = Math.min(payload.quantity, lineLimit(line));
    },
    removeItem(state, { payload }: PayloadAction<LineKey>) {
      state.items = state.items.filter((item) => !sameLine(payload)(item));
    },
    clearCart(state) {
      state.items = [];
    },
    setCartOpen(state, { payload }: PayloadAction<boolean>) {
      state.panelOpen = payload;
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartCount: (state) => state.items.reduce((sum, item) => sum + item.quantity, 0),
    selectCartSubtotal: (state) =>
      state.items.reduce((sum, item) => sum + item.price * item.quantity, 0),
    selectCartOpen: (state) => state.panelOpen,
  },
});

export const { addItem, updateQuantity, removeItem, clearCart, setCartOpen } = cartSlice.actions;
export const { selectCartItems, selectCartCount, selectCartSubtotal, selectCartOpen } =
  cartSlice.selectors;
