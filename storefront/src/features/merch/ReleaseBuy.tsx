import { useId, useState } from 'react';
import { lowestPriceMessage, MAX_CHOSEN_PRICE_CENTS, type Product } from '@artist/contracts';
import { useAppDispatch } from '../../app/store.js';
import { addItem } from '../cart/cartSlice.js';
import { showToast } from '../toast/toastSlice.js';

/** 215 → '3:35'. */
export const trackTime = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Dollars as typed ('8', '8.5', '$12.00') in cents, or null when it is no amount. */
export function typedCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A release's tracks, and the price field (name your price) and Add to Cart. */
export function ReleaseBuy({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const nameYourPrice = product.pricing === 'name-your-price';
  const lowest = product.minPriceCents ?? 0;
  const [text, setText] = useState((lowest / 100).toFixed(2));
  const cents = nameYourPrice ? typedCents(text) : product.priceInCents;
  const problem = !nameYourPrice
    ? null
    : cents === null || cents > MAX_CHOSEN_PRICE_CENTS
      ? 'Enter an amount in dollars, such as 10.00 (at most $1,000).'
      : cents < lowest
        ? lowestPriceMessage(product.name, lowest)
        : null;

  const add = () => {
    if (problem || cents === null) return;
    dispatch(
      addItem({
        productId: product.id,
        quantity: 1,
        price: cents,
        productName: product.name,
        image: product.image,
        digital: true,
        ...(nameYourPrice ? { priceCents: cents } : {}),
      }),
    );
    dispatch(
      showToast({ title: 'Added to cart', description: `${product.name} added to your cart` }),
    );
  };

  return (
    <>
      {product.tracks.length > 0 && (
        <ol className="release__tracks" aria-label={`Tracks of ${product.name}`}>
          {product.tracks.map((track, i) => (
            <li key={i}>
              <span>{track.title}</span> <span>{trackTime(track.durationSeconds)}</span>
            </li>
          ))}
        </ol>
      )}
      {nameYourPrice && (
        <div className="field">
          <label htmlFor={`${id}-price`}>Name your price (USD)</label>
          <input
            id={`${id}-price`}
            inputMode="decimal"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-price-problem` : undefined}
          />
          {problem && (
            <p id={`${id}-price-problem`} className="field__error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      <button type="button" className="button button--block" onClick={add} disabled={!!problem}>
        Add to Cart
      </button>
    </>
  );
}
