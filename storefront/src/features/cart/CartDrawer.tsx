import { useState } from 'react';
import { ONLINE_SHIPPING_CENTS } from '@artist/contracts';
import { Drawer } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/store.js';
import { serverMessage, type HttpError } from '../../app/http.js';
import { AntdTheme } from '../../shared/AntdTheme.js';
import { formatPrice, pluralItems } from '../../shared/format.js';
import { QuantityStepper } from '../../shared/QuantityStepper.js';
import { PLACEHOLDER_IMAGE } from '../merch/catalogApi.js';
import { scrollToSection } from '../nav/sections.js';
import { showToast } from '../toast/toastSlice.js';
import {
  removeItem,
  selectCartCount,
  selectCartItems,
  selectCartOpen,
  selectCartSubtotal,
  setCartOpen,
  updateQuantity,
} from './cartSlice.js';
import { redirectTo, useCreateCheckoutSessionMutation } from './checkoutApi.js';
import { CheckoutNote } from './CheckoutNote.js';

/**
 * Refusals the buyer can act on from the cart: its limits (400), stock (409), and what this
 * address already holds or has asked for (429).
 */
const REFUSALS_SHOWN_IN_CART = new Set([400, 409, 429]);

/** Why a checkout did not start, in the server's words, or the shop's own fallbacks. */
function checkoutFailure(error: unknown): string {
  if (error instanceof Error) return error.message;
  const status = (error as HttpError | undefined)?.status;
  if (typeof status === 'number')
    return serverMessage(error) ?? 'Failed to create checkout session';
  return 'Unable to process checkout. Please try again.';
}

/** The right-side cart panel. */
export default function CartDrawer() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectCartOpen);
  const items = useAppSelector(selectCartItems);
  const count = useAppSelector(selectCartCount);
  const subtotal = useAppSelector(selectCartSubtotal);
  const [createSession, { isLoading }] = useCreateCheckoutSessionMutation();
  const [redirecting, setRedirecting] = useState(false);
  // Why the server refused the last checkout (a 4xx: the cart's limits, stock, too many from
  // this address), in its words, shown in the cart until the cart changes.
  const [problem, setProblem] = useState<{ message: string; items: typeof items } | null>(null);
  const close = () => dispatch(setCartOpen(false));

  const checkout = async () => {
    if (items.length === 0) return;
    try {
      const { url } = await createSession({
        items: items.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
      }).unwrap();
      if (!url) throw new Error('No checkout URL received');
      setRedirecting(true);
      redirectTo.assign(url);
    } catch (error) {
      const message = checkoutFailure(error);
      const status = (error as HttpError | undefined)?.status;
      if (typeof status === 'number' && REFUSALS_SHOWN_IN_CART.has(status))
        setProblem({ message, items });
      dispatch(showToast({ title: 'Error', description: message, variant: 'destructive' }));
    }
  };

  return (
    <AntdTheme>
      <Drawer
        open={open}
        onClose={close}
        placement="right"
        size="min(420px, 100vw)"
        title={`Your Cart (${pluralItems(count)})`}
        classNames={{ body: 'cart__body', footer: 'cart__footer' }}
        footer={
          <>
            {problem && problem.items === items && (
              <p className="cart__problem" role="alert">
                {problem.message}
              </p>
            )}
            {items.length > 0 && (
              <dl className="cart__totals">
                <div>
                  <dt>Subtotal</dt>
                  <dd>{formatPrice(subtotal)}</dd>
                </div>
                <div>
                  <dt>Shipping</dt>
                  <dd>{formatPrice(ONLINE_SHIPPING_CENTS)}</dd>
                </div>
                <div className="cart__total">
                  <dt>Total</dt>
                  <dd>{formatPrice(subtotal + ONLINE_SHIPPING_CENTS)}</dd>
                </div>
              </dl>
            )}
            <button
              type="button"
              className="button button--block"
              disabled={items.length === 0 || isLoading || redirecting}
              onClick={checkout}
            >
              {isLoading ? 'Processing...' : 'Checkout'}
            </button>
            {items.length > 0 && <CheckoutNote className="cart__note" />}
            <button
              type="button"
              className="button button--outline button--block"
              onClick={() => {
                close();
                if (items.length === 0) scrollToSection('merch');
              }}
            >
              Continue Shopping
            </button>
          </>
        }
      >
        {items.length === 0 ? (
          <div className="cart__empty">
            <p className="cart__empty-title">Your cart is empty</p>
            <p>Add some merch to get started!</p>
          </div>
        ) : (
          <ul className="cart__lines">
            {items.map((item) => {
              const line = `${item.productName}${item.size ? ` (${item.size})` : ''}`;
              return (
                <li key={`${item.productId}-${item.size ?? ''}`} className="cart__line">
                  <img src={item.image ?? PLACEHOLDER_IMAGE} alt="" width={72} height={72} />
                  <div className="cart__line-info">
                    <p className="cart__line-name">{item.productName}</p>
                    {item.size && <p>Size: {item.size}</p>}
                    <p>
                      {item.quantity > 1
                        ? `${formatPrice(item.price)} × ${item.quantity} = ${formatPrice(item.price * item.quantity)}`
                        : formatPrice(item.price)}
                    </p>
                    <QuantityStepper
                      label={`Quantity of ${line}`}
                      value={item.quantity}
                      onChange={(quantity) =>
                        dispatch(
                          updateQuantity({ productId: item.productId, size: item.size, quantity }),
                        )
                      }
                    />
                  </div>
                  <button
                    type="button"
                    className="cart__remove"
                    aria-label={`Remove ${line} from cart`}
                    onClick={() =>
                      dispatch(removeItem({ productId: item.productId, size: item.size }))
                    }
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Drawer>
    </AntdTheme>
  );
}
