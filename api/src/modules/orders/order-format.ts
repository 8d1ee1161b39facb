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
 * One line of text for an order's shippingAddress JSON, reading the shapes of SPEC.md §3:
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
