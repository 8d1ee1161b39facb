import type { SalesChannel, SalesProduct } from '@artist/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2027-03' as 'Mar 2027'. */
export const monthLabel = (month: string) => {
  const [year, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${year}`;
};

/** 'Wren Calloway T-Shirt – L', or the product alone without a size. */
export const productLabel = (p: Pick<SalesProduct, 'product' | 'size'>) =>
  p.size ? `${p.product} – ${p.size}` : p.product;

export const channelLabel = (channel: SalesChannel) =>
  channel === 'online' ? 'Online' : 'In person (merch table)';
