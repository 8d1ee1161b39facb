import { lazy, Suspense, useMemo, useState } from 'react';
import { artist, GALLERY_SIZES } from '../../content/artist.js';
import { useOnDemand } from '../../shared/useOnDemand.js';

const ImageLightbox = lazy(() => import('../../shared/ImageLightbox.js'));

export function GallerySection() {
  const [selected, setSelected] = useState(0);
  const [open, setOpen] = useState(false);
  const [wanted, want] = useOnDemand();
  const image = artist.gallery[selected];
  const count = artist.gallery.length;
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
      <ul className="gallery">
        {artist.gallery.map((photo, index) => (
          <li key={photo.medium}>
            <button
              type="button"
              className="gallery__item"
              aria-label={`Enlarge photo: ${photo.alt}`}
              onClick={() => {
                want();
                setSelected(index);
                setOpen(true);
              }}
            >
              <img
                src={photo.medium}
                alt={photo.alt}
                {...GALLERY_SIZES.medium}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      {wanted && (
        <Suspense fallback={null}>
          <ImageLightbox
            open={open}
            onClose={() => setOpen(false)}
            image={{ src: image.full, alt: image.alt, ...GALLERY_SIZES.full }}
            steps={steps}
          />
        </Suspense>
      )}
    </section>
  );
}
