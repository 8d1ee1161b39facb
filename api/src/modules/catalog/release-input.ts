import { BadRequestException } from '@nestjs/common';
import type { ProductInput } from '@artist/contracts';
import type { ProductRecord, StoredTrack } from './product.entity.js';

export const DIGITAL_SIZES_MESSAGE = 'A digital release has no sizes.';
export const NAME_YOUR_PRICE_DIGITAL_MESSAGE = 'Only a digital release can be name your price.';
export const MIN_PRICE_REQUIRED_MESSAGE =
  'A name-your-price release needs minPriceCents, 0 or more.';
export const DIGITAL_STOCK_MESSAGE = 'A digital release has no stock to count.';
export const RELEASE_DATE_DIGITAL_MESSAGE = 'Only a digital release has a release date.';

/**
 * The columns a product's input sets of being a release (kind, pricing, lowest price, tracks),
 * or 400 when they do not fit together. A name-your-price release's `priceInCents` is its
 * minimum, so lists and exports that read the price show what it starts at. On a PUT
 * (`before` given) the fields left out keep their values.
 */
export function releaseColumns(
  sent: ProductInput,
  before?: ProductRecord,
): Pick<
  ProductRecord,
  'kind' | 'pricing' | 'minPriceCents' | 'tracks' | 'priceInCents' | 'releaseDate'
> {
  // A field left out of a PUT keeps what it was, so a form that does not show it keeps it.
  const input: ProductInput = before
    ? {
        ...sent,
        kind: sent.kind ?? before.kind,
        pricing: sent.pricing ?? before.pricing,
        minPriceCents: sent.minPriceCents === undefined ? before.minPriceCents : sent.minPriceCents,
        tracks: sent.tracks ?? before.tracks ?? undefined,
        releaseDate: sent.releaseDate === undefined ? before.releaseDate : sent.releaseDate,
      }
    : sent;
  const kind = input.kind ?? 'physical';
  const pricing = input.pricing ?? 'fixed';
  if (kind === 'digital' && input.sizes.length > 0) {
    throw new BadRequestException(DIGITAL_SIZES_MESSAGE);
  }
  if (pricing === 'name-your-price' && kind !== 'digital') {
    throw new BadRequestException(NAME_YOUR_PRICE_DIGITAL_MESSAGE);
  }
  const releaseDate = input.releaseDate ?? null;
  if (releaseDate !== null && kind !== 'digital') {
    throw new BadRequestException(RELEASE_DATE_DIGITAL_MESSAGE);
  }
  const nameYourPrice = pricing === 'name-your-price';
  if (nameYourPrice && (input.minPriceCents === undefined || input.minPriceCents === null)) {
    throw new BadRequestException(MIN_PRICE_REQUIRED_MESSAGE);
  }
  // A track keeps its preview while its title stays (in whatever place it moves to).
  const previews = new Map((before?.tracks ?? []).map((t) => [t.title, t.preview]));
  const tracks = input.tracks?.map((t): StoredTrack => {
    const title = t.title.trim();
    const preview = previews.get(title);
    return { title, durationSeconds: t.durationSeconds, ...(preview ? { preview } : {}) };
  });
  return {
    kind,
    pricing,
    minPriceCents: nameYourPrice ? input.minPriceCents! : null,
    tracks: tracks?.length ? tracks : null,
    priceInCents: nameYourPrice ? input.minPriceCents! : input.priceInCents,
    releaseDate,
  };
}
