import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The checkout session whose receipt is on screen after a paid return, if any. */
export const receiptSlice = createSlice({
  name: 'receipt',
  initialState: { sessionId: null as string | null },
  reducers: {
    showReceipt(state, { payload }: PayloadAction<string>) {
      state.sessionId = payload;
    },
    closeReceipt(state) {
      state.sessionId = null;
    },
  },
});

export const { showReceipt, closeReceipt } = receiptSlice.actions;
