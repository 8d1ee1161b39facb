import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { DISCOUNT_EMAIL_NEEDED_MESSAGE, serverMessage } from '@artist/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Drawer } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/store.js';
import type { HttpError } from '../../app/http.js';
import { AntdTheme } from '../../shared/AntdTheme.js';
import { formatPrice, pluralItems, preOrderLabel } from '../../shared/format.js';
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
import { browserStorage, loadChoices, saveChoices } from './cartStorage.js';
import { redirectTo, useCreateCheckoutSessionMutation } from './checkoutApi.js';
import {
  cartLines,
  countryName,
  defaultCountry,
  useCheckDiscountQuery,
  useGetShippingCountriesQuery,
  useGetShippingQuoteQuery,
} from './shippingApi.js';
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
  // The country and code chosen stay across a reload, as the cart's lines do.
  const [saved] = useState(() => loadChoices(browserStorage()));

  // Where it ships: the browser's region when the shop ships there, until the buyer picks.
  const { data: shipsTo } = useGetShippingCountriesQuery(open ? undefined : skipToken);
  const countries = shipsTo?.countries ?? [];
  const [pickedCountry, setPickedCountry] = useState<string | null>(saved.country);
  // A country picked before that no zone ships to now falls back to the default.
  const country =
    pickedCountry && countries.includes(pickedCountry) ? pickedCountry : defaultCountry(countries);
  const lines = useMemo(() => cartLines(items), [items]);
  const quote = useGetShippingQuoteQuery(
    open && country && lines.length > 0 ? { country, items: lines } : skipToken,
  );
  const rates = quote.currentData?.rates ?? [];
  const [pickedRate, setPickedRate] = useState<number | null>(null);
  const rate = rates.find((r) => r.id === pickedRate) ?? rates[0];
  const shippingProblem = quote.error ? (serverMessage(quote.error) ?? null) : null;

  // A discount code: checked by the server for this cart, country and rate whenever they change.
  const [codeText, setCodeText] = useState(saved.code ?? '');
  const [code, setCode] = useState<string | null>(saved.code);
  useEffect(
    () => saveChoices(browserStorage(), { country: pickedCountry, code }),
    [pickedCountry, code],
  );
  const [email, setEmail] = useState('');
  const discountCheck = useCheckDiscountQuery(
    open && code && country && rate && lines.length > 0
      ? {
          code,
          items: lines,
          country,
          ...(rate.id > 0 ? { shippingRateId: rate.id } : {}),
          ...(email.trim() ? { email: email.trim() } : {}),
        }
      : skipToken,
  );
  const discount = code ? discountCheck.currentData : undefined;
  const codeProblem =
    code && discountCheck.error ? (serverMessage(discountCheck.error) ?? null) : null;
  const needsEmail =
    codeProblem === DISCOUNT_EMAIL_NEEDED_MESSAGE || (code !== null && email !== '');
  const total = discount ? discount.totalCents : subtotal + (rate?.amountCents ?? 0);
  // Downloads that cost nothing: no payment page, the links go to the email given here.
  const free = total === 0 && items.length > 0 && items.every((item) => item.digital);
  const applyCode = (e: FormEvent) => {
    e.preventDefault();
    const typed = codeText.trim();
    setCode(typed ? typed.toUpperCase() : null);
  };

  const checkout = async () => {
    if (items.length === 0 || !country || !rate) return;
    try {
      const { url } = await createSession({
        items: lines,
        country,
        ...(rate.id > 0 ? { shippingRateId: rate.id } : {}),
        ...(discount && code ? { discountCode: code } : {}),
        ...(((discount && code) || free) && email.trim() ? { email: email.trim() } : {}),
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
            {items.length > 0 && countries.length > 0 && (
              <div className="cart__shipping">
                <label className="cart__field">
                  <span>Ship to</span>
                  <select
                    value={country ?? ''}
                    onChange={(e) => {
                      setPickedCountry(e.target.value);
                      setPickedRate(null);
                    }}
                  >
                    {countries.map((code) => (
                      <option key={code} value={code}>
                        {countryName(code)}
                      </option>
                    ))}
                  </select>
                </label>
                {rates.length > 0 && (
                  <fieldset className="cart__rates">
                    <legend>Shipping</legend>
                    {rates.map((r) => (
                      <label key={r.id} className="cart__rate">
                        <input
                          type="radio"
                          name="cart-shipping-rate"
                          value={r.id}
                          checked={r.id === rate?.id}
                          onChange={() => setPickedRate(r.id)}
                        />
                        <span className="cart__rate-name">
                          {r.name}
                          {r.deliveryDays && (
                            <span className="cart__rate-days"> · {r.deliveryDays} days</span>
                          )}
                        </span>
                        <span>{r.amountCents === 0 ? 'Free' : formatPrice(r.amountCents)}</span>
                      </label>
                    ))}
                  </fieldset>
                )}
                {shippingProblem && (
                  <p className="cart__problem" role="alert">
                    {shippingProblem}
                  </p>
                )}
              </div>
            )}
            {items.length > 0 && (
              <form className="cart__code" onSubmit={applyCode}>
                <label className="cart__field" htmlFor="cart-discount-code">
                  Discount code
                </label>
                <div className="cart__code-row">
                  <input
                    id="cart-discount-code"
                    value={codeText}
                    onChange={(e) => {
                      setCodeText(e.target.value);
                      // A code refused: typing another puts Apply back in place of Remove.
                      if (codeProblem) setCode(null);
                    }}
                    maxLength={30}
                    autoComplete="off"
                    autoCapitalize="characters"
                  />
                  {code ? (
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => {
                        setCode(null);
                        setCodeText('');
                      }}
                    >
                      Remove
                    </button>
                  ) : (
                    <button type="submit" className="button button--outline">
                      Apply
                    </button>
                  )}
                </div>
                {(needsEmail || free) && (
                  <label className="cart__field">
                    <span>
                      {free
                        ? 'Email (your download links are sent here)'
                        : 'Email (this code is once per buyer)'}
                    </span>
                    <input
                      type="email"
                      value={email}
                      onChange={(e) => setEmail(e.target.value)}
                      autoComplete="email"
                      maxLength={320}
                    />
                  </label>
                )}
                {codeProblem && (
                  <p className="cart__problem" role="alert">
                    {codeProblem}
                  </p>
                )}
                {discount && (
                  <p className="cart__saving" role="status">
                    {code} applied: you save {formatPrice(discount.discountCents)}.
                  </p>
                )}
              </form>
            )}
            {items.length > 0 && (
              <dl className="cart__totals">
                <div>
                  <dt>Subtotal</dt>
                  <dd>{formatPrice(subtotal)}</dd>
                </div>
                {discount && (
                  <div>
                    <dt>Discount ({code})</dt>
                    <dd>−{formatPrice(discount.discountCents)}</dd>
                  </div>
                )}
                <div>
                  <dt>Shipping{rate ? ` (${rate.name})` : ''}</dt>
                  <dd>{rate ? formatPrice(rate.amountCents) : '—'}</dd>
                </div>
                <div className="cart__total">
                  <dt>Total</dt>
                  <dd>{rate ? formatPrice(total) : '—'}</dd>
                </div>
              </dl>
            )}
            <button
              type="button"
              className="button button--block"
              disabled={items.length === 0 || !rate || isLoading || redirecting}
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
                    {preOrderLabel(item.preOrderUntil) && (
                      <p className="cart__line-pre-order">{preOrderLabel(item.preOrderUntil)}</p>
                    )}
                    <p>
                      {item.quantity > 1
                        ? `${formatPrice(item.price)} × ${item.quantity} = ${formatPrice(item.price * item.quantity)}`
                        : formatPrice(item.price)}
                    </p>
                    <QuantityStepper
                      label={`Quantity of ${line}`}
                      value={item.quantity}
                      left={item.left ?? null}
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
