import { MAX_QUANTITY, MIN_QUANTITY } from '@artist/contracts';
import type { CartItem } from './cartSlice.js';

/** The browser storage key the cart lives under. */
export const CART_STORAGE_KEY = 'wren-calloway-cart';

/** The browser's storage, or none where it is unavailable (private modes, blocked cookies). */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.productId === 'string' &&
    (item.size === undefined || typeof item.size === 'string') &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) >= MIN_QUANTITY &&
    (item.quantity as number) <= MAX_QUANTITY &&
    Number.isInteger(item.price) &&
    (item.price as number) >= 0 &&
    typeof item.productName === 'string' &&
    (item.image === null || typeof item.image === 'string') &&
    (item.preOrderUntil === undefined ||
      item.preOrderUntil === null ||
      typeof item.preOrderUntil === 'string') &&
    (item.left === undefined ||
      item.left === null ||
      (Number.isInteger(item.left) && (item.left as number) >= 0))
  );
}

/** The saved cart; anything unreadable or malformed is discarded rather than trusted. */
export function loadCart(storage: Storage | undefined): CartItem[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(CART_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every(isCartItem)) return parsed;
  } catch {
    // Unparseable: dropped below.
  }
  storage.removeItem(CART_STORAGE_KEY);
  return [];
}

export function saveCart(storage: Storage | undefined, items: CartItem[]): void {
  try {
    storage?.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // A full or blocked storage only costs persistence, never the cart itself.
  }
}

/** The storage key of the cart's choices: the country it ships to and the discount code. */
export const CART_CHOICES_KEY = 'wren-calloway-cart-choices';

export interface CartChoices {
  country: string | null;
  code: string | null;
}

const choice = (value: unknown, pattern: RegExp) =>
  typeof value === 'string' && pattern.test(value) ? value : null;

/** The country and code chosen before a reload; anything malformed is left out. */
export function loadChoices(storage: Storage | undefined): CartChoices {
  try {
    const parsed = JSON.parse(storage?.getItem(CART_CHOICES_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    return {
      country: choice(parsed.country, /^[A-Z]{2}$/),
      code: choice(parsed.code, /^\S.{0,29}$/),
    };
  } catch {
    return { country: null, code: null };
  }
}

export function saveChoices(storage: Storage | undefined, choices: CartChoices): void {
  try {
    storage?.setItem(CART_CHOICES_KEY, JSON.stringify(choices));
  } catch {
    // As for the cart: only persistence is lost.
  }
}
