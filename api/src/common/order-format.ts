import type { OrderLineItem } from '@artist/contracts';

type AddressFields = Partial<
  Record<'line1' | 'line2' | 'city' | 'state' | 'postal_code' | 'country', unknown>
>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function formatFields(fields: AddressFields): string {
  const cityLine = [text(fields.city), [text(fields.state), text(fields.postal_code)].join(' ')]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return [text(fields.line1), text(fields.line2), cityLine, text(fields.country)]
    .filter(Boolean)
    .join(', ');
}

/**
 * One line of text for an order's shippingAddress JSON, reading every shape the address is stored in:
 * in-person, a string, `{ address: {...} }` or `{ address: '...' }`, or the fields at top level.
 */
export function formatShippingAddress(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'N/A';
  }
  if (typeof value === 'string') return value.trim() || 'No address provided';
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'N/A';
  const record = value as Record<string, unknown>;
  if (record.type === 'in-person') return 'In person';
  if (Object.keys(record).length === 0) return 'No address provided';
  const address = record.address;
  if (typeof address === 'string') return address.trim() || 'No address provided';
  const fields = address && typeof address === 'object' ? (address as AddressFields) : record;
  const name = text(record.name);
  const line = formatFields(fields);
  if (!line) return 'No address provided';
  return name && fields !== record ? `${name}, ${line}` : line;
}

/** An order's address in the parts a label tool reads; every part '' when there is none. */
export interface AddressParts {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

const NO_ADDRESS: AddressParts = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};

/**
 * The parts of an order's shippingAddress JSON (the shapes formatShippingAddress reads). An
 * address given as one line of text lands in line1; in-person and unreadable ones have none.
 */
export function addressParts(json: string): AddressParts {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return NO_ADDRESS;
  }
  if (typeof value === 'string') return { ...NO_ADDRESS, line1: value.trim() };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return NO_ADDRESS;
  const record = value as Record<string, unknown>;
  if (record.type === 'in-person') return NO_ADDRESS;
  const address = record.address;
  if (typeof address === 'string')
    return { ...NO_ADDRESS, name: text(record.name), line1: address.trim() };
  const fields = address && typeof address === 'object' ? (address as AddressFields) : record;
  return {
    name: text(record.name),
    line1: text(fields.line1),
    line2: text(fields.line2),
    city: text(fields.city),
    state: text(fields.state),
    postalCode: text(fields.postal_code),
    country: text(fields.country),
  };
}

/** The sum of an order's line items in cents; 0 when they cannot be read. */
export function lineItemsSubtotal(json: string): number {
  try {
    const items = JSON.parse(json) as OrderLineItem[];
    if (!Array.isArray(items)) return 0;
    return items.reduce((sum, item) => sum + Number(item.quantity) * Number(item.price), 0) || 0;
  } catch {
    return 0;
  }
}

/** Line items JSON as "2x T-Shirt - M; 1x Trucker Hat"; unreadable JSON as "N/A". */
export function summariseLineItems(json: string): string {
  try {
    const items = JSON.parse(json) as OrderLineItem[];
    if (!Array.isArray(items)) return 'N/A';
    return items.map((item) => `${item.quantity}x ${item.product_name}`).join('; ');
  } catch {
    return 'N/A';
  }
}

/** Cents as dollars with two decimals: 2500 → "25.00". */
export const dollars = (cents: number) => (cents / 100).toFixed(2);
