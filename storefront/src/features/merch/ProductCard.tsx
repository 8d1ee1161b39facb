import { useId, useState } from 'react';
import { sizeLabel, type Product, type ProductVariant, type Size } from '@artist/contracts';
import { useAppDispatch, useAppSelector } from '../../app/store.js';
import { formatPrice, preOrderLabel } from '../../shared/format.js';
import { QuantityStepper } from '../../shared/QuantityStepper.js';
import { ReleaseBuy, type PreviewControls } from './ReleaseBuy.js';
import { addItem, selectCartItems } from '../cart/cartSlice.js';
import { showToast } from '../toast/toastSlice.js';
import { PLACEHOLDER_IMAGE, PRODUCT_IMAGE_SIZE, productImage } from './catalogApi.js';

export const DEFAULT_SIZE: Size = 'M';

/**
 * The size picked at first: Medium when the product comes in it with some left, else its first
 * size with some left, else its first size.
 */
function firstSize(product: Product): Size {
  const sizes = product.sizes ?? [];
  const open = (size: Size) => variantOf(product, size)?.available !== false;
  if (sizes.includes(DEFAULT_SIZE) && open(DEFAULT_SIZE)) return DEFAULT_SIZE;
  return sizes.find(open) ?? sizes[0] ?? DEFAULT_SIZE;
}

const variantOf = (product: Product, size: Size | null): ProductVariant | undefined =>
  product.variants?.find((v) => v.size === size);

/** "Only 3 left" when few remain; nothing when plenty remain or stock is not counted. */
function fewLeft(variant: ProductVariant | undefined): string | null {
  if (!variant?.available || variant.left === null) return null;
  return `Only ${variant.left} left`;
}

interface Props {
  product: Product;
  onEnlarge: (product: Product) => void;
  /** Opens the notify-me dialog: for one size when given, else for the product as a whole. */
  onNotify: (product: Product, size?: Size) => void;
  /** The shop's one preview playing, for a release's Play buttons. */
  previews?: PreviewControls;
}

export function ProductCard({ product, onEnlarge, onNotify, previews }: Props) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [size, setSize] = useState<Size>(() => firstSize(product));
  const [quantity, setQuantity] = useState(1);
  const sizes = product.sizes ?? [];
  const image = productImage(product);
  const purchasable = product.type === 'purchase' && product.available;
  const chosen = variantOf(product, sizes.length ? size : null);
  const soldOut = chosen?.available === false;
  const few = fewLeft(chosen);
  // When few are left, the cart holds no more than that: what it has already counts.
  const chosenSize = sizes.length ? size : undefined;
  const inCart =
    useAppSelector(selectCartItems).find(
      (item) => item.productId === product.id && item.size === chosenSize,
    )?.quantity ?? 0;
  const left = chosen?.left == null ? null : Math.max(0, chosen.left - inCart);
  const allInCart = left === 0;
  const preOrder = preOrderLabel(product.preOrderUntil);

  const addToCart = () => {
    const adding = left === null ? quantity : Math.min(quantity, left);
    dispatch(
      addItem({
        productId: product.id,
        size: chosenSize,
        quantity: adding,
        price: product.priceInCents,
        productName: product.name,
        image: product.image,
        ...(chosen?.left == null ? {} : { left: chosen.left }),
        ...(preOrder ? { preOrderUntil: product.preOrderUntil } : {}),
      }),
    );
    dispatch(
      showToast({
        title: 'Added to cart',
        description: `${adding}x ${product.name}${chosenSize ? ` (${chosenSize})` : ''} added to your cart`,
      }),
    );
    setQuantity(1);
  };

  const img = (
    <img
      src={image}
      alt={product.name}
      {...PRODUCT_IMAGE_SIZE}
      loading="lazy"
      decoding="async"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) {
          event.currentTarget.src = PLACEHOLDER_IMAGE;
        }
      }}
    />
  );
  // An uploaded photo comes in AVIF too, which browsers that read it take first.
  const avif = product.photo?.medium.avif;
  const picture = avif ? (
    <picture>
      <source srcSet={avif} type="image/avif" />
      {img}
    </picture>
  ) : (
    img
  );

  return (
    <article className="product" aria-labelledby={`${id}-name`}>
      <div className="product__media">
        {purchasable ? (
          <button
            type="button"
            className="product__image-button"
            aria-label={`Enlarge image of ${product.name}`}
            onClick={() => onEnlarge(product)}
          >
            {picture}
          </button>
        ) : (
          picture
        )}
        {!product.available && <span className="product__badge">Sold out</span>}
      </div>
      <div className="product__body">
        <h3 id={`${id}-name`}>{product.name}</h3>
        <p className="product__description">{product.description}</p>
        <p className="product__price">
          {product.pricing === 'name-your-price'
            ? `${formatPrice(product.minPriceCents ?? 0)} or more`
            : formatPrice(product.priceInCents)}
        </p>
        {preOrder && <p className="product__pre-order">{preOrder}</p>}
        {product.kind === 'digital' ? (
          <ReleaseBuy product={product} previews={previews} />
        ) : purchasable ? (
          <>
            <div className="product__options">
              {sizes.length > 0 && (
                <div className="field field--inline">
                  <label htmlFor={`${id}-size`}>Size</label>
                  <select
                    id={`${id}-size`}
                    value={size}
                    onChange={(event) => setSize(event.target.value)}
                  >
                    {/* A sold-out size can be picked, to ask to hear when it is back. */}
                    {sizes.map((option) => {
                      const gone = variantOf(product, option)?.available === false;
                      return (
                        <option key={option} value={option}>
                          {gone ? `${sizeLabel(option)} (Sold out)` : sizeLabel(option)}
                        </option>
                      );
                    })}
                  </select>
                  {soldOut && (
                    <button
                      type="button"
                      className="button button--outline product__notify-size"
                      onClick={() => onNotify(product, size)}
                    >
                      Notify me when {size} is back
                    </button>
                  )}
                </div>
              )}
              <div className="field field--inline">
                <span className="field__label" aria-hidden="true">
                  Quantity
                </span>
                <QuantityStepper
                  value={quantity}
                  onChange={setQuantity}
                  label="Quantity"
                  left={left === null ? null : Math.max(1, left)}
                />
              </div>
            </div>
            {few && (
              <p className="product__stock" role="status">
                {few}
                {inCart > 0 && ` · ${inCart} in your cart`}
              </p>
            )}
            <button
              type="button"
              className="button button--block"
              onClick={addToCart}
              disabled={soldOut || allInCart}
            >
              {soldOut ? 'Sold Out' : allInCart ? 'All left are in your cart' : 'Add to Cart'}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--outline button--block"
            onClick={() => onNotify(product)}
          >
            Notify Me
          </button>
        )}
      </div>
    </article>
  );
}
