import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/store.js';
import { clearCart } from '../cart/cartSlice.js';
import { scrollToSection } from '../nav/sections.js';
import { showToast, type ToastInput } from '../toast/toastSlice.js';
import { showReceipt } from './receiptSlice.js';

export const SCROLL_DELAY_MS = 100;
export const TOAST_DELAY_MS = 500;

const RETURN_TOASTS: Record<'success' | 'canceled', ToastInput> = {
  success: {
    title: 'Order Successful',
    description: "Thank you for your purchase! You'll receive a confirmation email shortly.",
    duration: 6000,
  },
  canceled: {
    title: 'Checkout Canceled',
    description: 'Your order was not completed. Your cart has been saved.',
    duration: 5000,
  },
};

/**
 * Back from the payment page with `?checkout=success|canceled`: scroll to the merch, then show
 * the outcome and take the parameter out of the address. A paid order empties the cart; when the
 * address names its checkout session, the receipt is the outcome (a view of its own, which a
 * toast would cover on a phone), else the "Order Successful" toast.
 */
export function useCheckoutReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const outcome = params.get('checkout');
    if (outcome !== 'success' && outcome !== 'canceled') return;
    const sessionId = outcome === 'success' ? params.get('session_id') : null;
    if (outcome === 'success') {
      dispatch(clearCart());
      if (sessionId) dispatch(showReceipt(sessionId));
    }
    const scroll = setTimeout(() => scrollToSection('merch'), SCROLL_DELAY_MS);
    const toast = setTimeout(() => {
      if (!sessionId) dispatch(showToast(RETURN_TOASTS[outcome]));
      params.delete('checkout');
      params.delete('session_id');
      const search = params.toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true },
      );
    }, TOAST_DELAY_MS);
    return () => {
      clearTimeout(scroll);
      clearTimeout(toast);
    };
  }, [dispatch, navigate, location.pathname, location.search, location.hash]);
}
