/** Integer cents shown as dollars with two decimals: 2500 → '$25.00'. */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function pluralItems(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
