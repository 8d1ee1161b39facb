import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../../app/store.js';
import { selectCartOpen } from './cartSlice.js';

const CartDrawer = lazy(() => import('./CartDrawer.js'));

/** Loads the cart panel's code the first time the visitor opens it. */
export function CartPanel() {
  const open = useAppSelector(selectCartOpen);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
