import type { Product } from '@artist/contracts';

type Named = Pick<Product, 'name' | 'sizes'>;

/**
 * A manual order line's name in the catalogue's words, as checkout names an online order's line:
 * the product's name, then " - <size>" for a size it comes in ("Wren Calloway T-Shirt - L").
 * The merch table's short name ("T-Shirt - XL") is read as the catalogue product whose name ends
 * with it. A name that matches no catalogue product (a sticker sold at one show) is kept as sent.
 */
export function catalogueLineName(name: string, products: readonly Named[]): string {
  const sized = /^(.+?)\s+-\s+(\S+)$/.exec(name.trim());
  if (sized) {
    const product = findProduct(sized[1], products);
    const size = product?.sizes?.find((s) => s === sized[2].toUpperCase());
    if (size) return `${product!.name} - ${size}`;
  }
  const product = findProduct(name.trim(), products);
  return product && !product.sizes?.length ? product.name : name;
}

function findProduct(base: string, products: readonly Named[]): Named | undefined {
  const wanted = base.toLowerCase();
  return products.find((product) => {
    const full = product.name.toLowerCase();
    return full === wanted || full.endsWith(` ${wanted}`);
  });
}
