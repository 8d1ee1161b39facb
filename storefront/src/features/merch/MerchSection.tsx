import { lazy, Suspense, useState } from 'react';
import type { Product, Size } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { useOnDemand } from '../../shared/useOnDemand.js';
import { PRODUCT_IMAGE_SIZE, productImage, useGetProductsQuery } from './catalogApi.js';
import { ProductCard } from './ProductCard.js';
import type { NowPlaying } from './ReleaseBuy.js';
import { CheckoutNote } from '../cart/CheckoutNote.js';
import { useGetShippingCountriesQuery } from '../cart/shippingApi.js';

const ImageLightbox = lazy(() => import('../../shared/ImageLightbox.js'));
const NotifyDialog = lazy(() => import('./NotifyDialog.js'));

/**
 * The product dialog's photos: every photo of the product, one at a time, with Previous and Next
 * and a row of thumbnails when there are several; the card's square when it has no list.
 */
function productGallery(product: Product, shown: number, show: (index: number) => void) {
  const images = product.images?.length ? product.images : [productImage(product)];
  const at = Math.min(shown, images.length - 1);
  const count = images.length;
  const alt = count > 1 ? `${product.name}, photo ${at + 1} of ${count}` : product.name;
  return {
    image: { src: images[at]!, alt, ...PRODUCT_IMAGE_SIZE },
    title: product.name,
    ...(count > 1
      ? {
          steps: {
            onPrevious: () => show((at - 1 + count) % count),
            onNext: () => show((at + 1) % count),
            position: `${at + 1} of ${count}`,
          },
          thumbnails: { images, shown: at, onShow: show, name: product.name },
        }
      : {}),
  };
}

export function MerchSection() {
  const { data: products, isLoading, isError } = useGetProductsQuery();
  // Where the shop ships, in the artist's zones' words (the cart shares the answer).
  const { data: shipping } = useGetShippingCountriesQuery();
  const [enlarged, setEnlarged] = useState<Product | null>(null);
  /** Which of the enlarged product's photos is shown. */
  const [shown, setShown] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const [notifyFor, setNotifyFor] = useState<{ product: Product; size?: Size } | null>(null);
  const [notifyOpen, setNotifyOpen] = useState(false);
  /** The one track preview playing in the shop, if any. */
  const [playing, setPlaying] = useState<NowPlaying | null>(null);
  const [lightboxWanted, wantLightbox] = useOnDemand();
  const [notifyWanted, wantNotify] = useOnDemand();

  return (
    <section id="merch" className="section section--alt" aria-labelledby="merch-heading">
      <h2 id="merch-heading">Merch</h2>
      <p className="section__subtitle">Official {artist.name} merchandise.</p>
      <div aria-live="polite" aria-busy={isLoading}>
        {isLoading ? (
          <p className="merch__state">Loading merch...</p>
        ) : isError || !products ? (
          <div className="merch__state">
            <p>Unable to load merch at this time.</p>
            <p>Please try again later.</p>
          </div>
        ) : (
          <div className="products">
            {products.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                previews={{ playing, onPlay: setPlaying }}
                onEnlarge={(p) => {
                  wantLightbox();
                  setEnlarged(p);
                  setShown(0);
                  setLightboxOpen(true);
                }}
                onNotify={(p, size) => {
                  wantNotify();
                  setNotifyFor({ product: p, size });
                  setNotifyOpen(true);
                }}
              />
            ))}
          </div>
        )}
      </div>
      <div className="merch__notes">
        <CheckoutNote />
        {shipping?.shipsTo && <p>{shipping.shipsTo}</p>}
      </div>
      {lightboxWanted && enlarged && (
        <Suspense fallback={null}>
          <ImageLightbox
            open={lightboxOpen}
            onClose={() => setLightboxOpen(false)}
            {...productGallery(enlarged, shown, setShown)}
          />
        </Suspense>
      )}
      {notifyWanted && notifyFor && (
        <Suspense fallback={null}>
          <NotifyDialog
            productName={notifyFor.product.name}
            size={notifyFor.size}
            open={notifyOpen}
            onClose={() => setNotifyOpen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
