import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/store.js';

const OrderReceiptDialog = lazy(() => import('./OrderReceiptDialog.js'));

/** After a paid return, the order's receipt; its code loads only then. */
export function CheckoutReceipt() {
  const sessionId = useAppSelector((state) => state.receipt.sessionId);
  if (!sessionId) return null;
  return (
    <Suspense fallback={null}>
      <OrderReceiptDialog sessionId={sessionId} />
    </Suspense>
  );
}
