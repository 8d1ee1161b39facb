import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { setCartOpen } from '../cart/cartSlice.js';

/** Toasts: one at a time, 5 s each, swiped away at 50 px, F8 to reach them, removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  duration: number;
  open: boolean;
}

export type ToastInput = Pick<Toast, 'title' | 'description'> &
  Partial<Pick<Toast, 'variant' | 'duration'>>;

let nextId = 1;

export const toastSlice = createSlice({
  name: 'toast',
  initialState: { toasts: [] as Toast[] },
  reducers: {
    showToast: {
      reducer(state, { payload }: PayloadAction<Toast>) {
        state.toasts = [payload, ...state.toasts].slice(0, TOAST_LIMIT);
      },
      prepare: (input: ToastInput) => ({
        payload: {
          variant: 'default' as const,
          duration: TOAST_DURATION,
          ...input,
          id: nextId++,
          open: true,
        },
      }),
    },
    dismissToast(state, { payload }: PayloadAction<number | undefined>) {
      for (const toast of state.toasts)
        if (payload === undefined || toast.id === payload) toast.open = false;
    },
    removeToast(state, { payload }: PayloadAction<number>) {
      state.toasts = state.toasts.filter((toast) => toast.id !== payload);
    },
  },
  extraReducers: (builder) => {
    // Opening the cart panel dismisses open toasts.
    builder.addCase(setCartOpen, (state, { payload }) => {
      if (payload) for (const toast of state.toasts) toast.open = false;
    });
  },
  selectors: { selectToasts: (state) => state.toasts },
});

export const { showToast, dismissToast, removeToast } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
