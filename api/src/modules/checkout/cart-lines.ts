import type { CheckoutItem } from '@artist/contracts';

/**
 * The cart's lines with those naming one product and size added together, in the order each was
 * first named; no size and an empty size are the same. Every limit of a checkout is checked on
 * these, so repeating a line gets round none of them.
 */
export function mergeLines(items: CheckoutItem[]): CheckoutItem[] {
  const merged = new Map<string, CheckoutItem>();
  for (const item of items) {
    const key = JSON.stringify([item.productId, item.size ?? '']);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()];
}
