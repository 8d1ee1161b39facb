import { useEffect, useRef, type PointerEvent } from 'react';
import { Modal } from 'antd';
import { AntdTheme } from './AntdTheme.js';

export interface LightboxImage {
  src: string;
  /** The same image in AVIF, offered first to browsers that take it. */
  avif?: string | null;
  alt: string;
  width: number;
  height: number;
}

/** How far a finger must travel sideways, in CSS pixels, to count as a swipe to the next photo. */
export const SWIPE_DISTANCE = 50;

/** Moving through a set of images: the handlers and where this one is ("2 of 6"). */
export interface LightboxSteps {
  onPrevious: () => void;
  onNext: () => void;
  position: string;
}

/** A row of every image of the set, each a button that shows it. */
export interface LightboxThumbnails {
  images: string[];
  shown: number;
  onShow: (index: number) => void;
  /** What the images are of, for the buttons' names ("Show photo 2 of Tour Poster"). */
  name: string;
}

/**
 * An enlarged image with a close button; Escape closes it and focus returns to the opener. With
 * `steps`, Previous and Next buttons, the arrow keys and a sideways swipe move through the set.
 */
export default function ImageLightbox({
  image,
  open,
  onClose,
  steps,
  thumbnails,
  title,
}: {
  image: LightboxImage;
  open: boolean;
  onClose: () => void;
  steps?: LightboxSteps;
  thumbnails?: LightboxThumbnails;
  /** The dialog's title; the image's text when left out. */
  title?: string;
}) {
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (!open || !steps) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') steps.onPrevious();
      else if (event.key === 'ArrowRight') steps.onNext();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, steps]);

  const swipe = steps && {
    onPointerDown: (event: PointerEvent) => {
      swipeStart.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      if (swipeStart.current === null) return;
      const distance = event.clientX - swipeStart.current;
      swipeStart.current = null;
      if (distance >= SWIPE_DISTANCE) steps.onPrevious();
      else if (distance <= -SWIPE_DISTANCE) steps.onNext();
    },
    onPointerCancel: () => {
      swipeStart.current = null;
    },
  };

  const img = (
    <img
      className="lightbox__image"
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      draggable={false}
    />
  );

  return (
    <AntdTheme>
      <Modal
        open={open}
        onCancel={onClose}
        footer={null}
        centered
        width="min(94vw, 1100px)"
        title={title ?? image.alt}
        classNames={{ body: 'lightbox__body' }}
      >
        <div className="lightbox__stage" {...swipe}>
          {image.avif ? (
            <picture>
              <source srcSet={image.avif} type="image/avif" />
              {img}
            </picture>
          ) : (
            img
          )}
        </div>
        {steps && (
          <div className="lightbox__steps">
            <button type="button" className="button button--outline" onClick={steps.onPrevious}>
              <span aria-hidden="true">‹ </span>Previous
              <span className="visually-hidden"> photo</span>
            </button>
            <p className="lightbox__position" aria-live="polite">
              {steps.position}
            </p>
            <button type="button" className="button button--outline" onClick={steps.onNext}>
              Next<span className="visually-hidden"> photo</span>
              <span aria-hidden="true"> ›</span>
            </button>
          </div>
        )}
        {thumbnails && (
          <ul className="lightbox__thumbnails" aria-label="All photos">
            {thumbnails.images.map((src, i) => (
              <li key={src}>
                <button
                  type="button"
                  className="lightbox__thumbnail"
                  aria-label={`Show photo ${i + 1} of ${thumbnails.name}`}
                  aria-current={i === thumbnails.shown ? 'true' : undefined}
                  onClick={() => thumbnails.onShow(i)}
                >
                  <img src={src} alt="" width={64} height={64} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </AntdTheme>
  );
}
