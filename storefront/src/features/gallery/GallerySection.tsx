import { lazy, Suspense, useMemo, useState } from 'react';
import type { GalleryImage } from '@artist/contracts';
import { useOnDemand } from '../../shared/useOnDemand.js';
import { useGetGalleryQuery } from './galleryApi.js';

const ImageLightbox = lazy(() => import('../../shared/ImageLightbox.js'));

/** A gallery file: AVIF where the browser takes it and the photo has one, else WebP. */
function Photo({ image, alt }: { image: GalleryImage; alt: string }) {
  const img = (
    <img
      src={image.webp}
      alt={alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
    />
  );
  if (!image.avif) return img;
  return (
    <picture>
      <source srcSet={image.avif} type="image/avif" />
      {img}
    </picture>
  );
}

export function GallerySection() {
  // Until the photos arrive (or if there are none) the section shows its heading alone.
  const { data: photos = [] } = useGetGalleryQuery();
  const [selected, setSelected] = useState(0);
  const [open, setOpen] = useState(false);
  const [wanted, want] = useOnDemand();
  const count = photos.length;
  const photo = photos[Math.min(selected, count - 1)];
  // Previous from the first photo goes to the last, and Next from the last to the first.
  const steps = useMemo(
    () => ({
      onPrevious: () => setSelected((index) => (index - 1 + count) % count),
      onNext: () => setSelected((index) => (index + 1) % count),
      position: `Photo ${selected + 1} of ${count}`,
    }),
    [count, selected],
  );

  return (
    <section id="gallery" className="section" aria-labelledby="gallery-heading">
      <h2 id="gallery-heading">Gallery</h2>
      <p className="section__subtitle">
        Behind the scenes moments, live performances, and press photos.
      </p>
      {count > 0 && (
        <ul className="gallery">
          {photos.map((p, index) => (
            <li key={p.id}>
              <button
                type="button"
                className="gallery__item"
                aria-label={`Enlarge photo: ${p.alt}`}
                onClick={() => {
                  want();
                  setSelected(index);
                  setOpen(true);
                }}
              >
                <Photo image={p.medium} alt={p.alt} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {wanted && photo && (
        <Suspense fallback={null}>
          <ImageLightbox
            open={open}
            onClose={() => setOpen(false)}
            image={{
              src: photo.full.webp,
              avif: photo.full.avif,
              alt: photo.alt,
              width: photo.full.width,
              height: photo.full.height,
            }}
            steps={steps}
          />
        </Suspense>
      )}
    </section>
  );
}
