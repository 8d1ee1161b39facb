import {
  LOW_STOCK,
  sizeLabel,
  type AdminProduct,
  type AdminProductVariant,
  type Size,
} from '@artist/contracts';

/** 'Small (S)', or 'XL' and 'Youth M' where the label is the size; 'One size' for a product without sizes. */
export const sizeName = (size: Size | null) => {
  if (size === null) return 'One size';
  const label = sizeLabel(size);
  return label === size ? size : `${label} (${size})`;
};

/**
 * One size's stock as the list reads it: 'M 4', 'M 0 sold out', 'M not tracked', with '(1 held)'
 * while open checkouts hold some. A product without sizes reads '4 left' instead.
 */
export function variantStock(v: AdminProductVariant): string {
  const held = v.reserved > 0 ? ` (${v.reserved} held)` : '';
  let amount: string;
  if (v.stock === null || v.left === null) amount = 'not tracked';
  else if (v.left <= 0) amount = '0 sold out';
  else amount = v.size === null ? `${v.left} left` : String(v.left);
  return `${v.size === null ? '' : `${v.size} `}${amount}${held}`;
}

/** Whether the product is among the rows of a filter, as the server decides it. */
export function inFilter(product: AdminProduct, status: string): boolean {
  const { variants } = product;
  if (status === 'archived') return product.archivedAt !== null;
  if (product.archivedAt !== null) return status === 'all';
  if (status === 'low-stock') return variants.some((v) => v.left !== null && v.left <= LOW_STOCK);
  if (status === 'sold-out') return variants.every((v) => v.left !== null && v.left <= 0);
  return true;
}
