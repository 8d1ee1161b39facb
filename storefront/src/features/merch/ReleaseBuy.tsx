import { lazy, Suspense, useId, useState } from 'react';
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

/** The preview player's code, fetched the first time a Play button is pressed. */
const PreviewPlayer = lazy(
  () => import(/* webpackChunkName: "preview-player" */ './PreviewPlayer.js'),
);

/** Which track of which release is playing: one at a time in the whole shop. */
export interface NowPlaying {
  productId: string;
  index: number;
}

export interface PreviewControls {
  playing: NowPlaying | null;
  onPlay: (playing: NowPlaying | null) => void;
}

/**
 * A release's tracks (each with a "Play <title>" button when it has a preview: pressed, it loads
 * the player and the audio, and any other track stops), and the price field (name your price)
 * and Add to Cart.
 */
export function ReleaseBuy({
  product,
  previews,
}: {
  product: Product;
  previews?: PreviewControls;
}) {
  const [ownPlaying, setOwnPlaying] = useState<NowPlaying | null>(null);
  const playing = previews ? previews.playing : ownPlaying;
  const onPlay = previews ? previews.onPlay : setOwnPlaying;
  const playingHere = playing?.productId === product.id ? playing.index : null;
  const playingTrack = playingHere === null ? undefined : product.tracks[playingHere];
  /** Some track has a preview: those without one keep their titles in line with the others'. */
  const anyPreview = product.tracks.some((track) => track.previewUrl);
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
              {track.previewUrl && (
                <button
                  type="button"
                  className="release__play"
                  aria-label={`Play ${track.title}`}
                  aria-pressed={playingHere === i}
                  onClick={() =>
                    onPlay(playingHere === i ? null : { productId: product.id, index: i })
                  }
                >
                  <span aria-hidden="true">{playingHere === i ? '❚❚' : '▶'}</span>
                </button>
              )}
              {!track.previewUrl && anyPreview && (
                <span className="release__play release__play--none" aria-hidden="true" />
              )}
              <span className="release__track-title">{track.title}</span>{' '}
              <span>{trackTime(track.durationSeconds)}</span>
            </li>
          ))}
        </ol>
      )}
      {playingTrack?.previewUrl && (
        <Suspense fallback={null}>
          <PreviewPlayer
            key={`${product.id}-${playingHere}`}
            src={playingTrack.previewUrl}
            title={playingTrack.title}
            onEnded={() => onPlay(null)}
          />
        </Suspense>
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
