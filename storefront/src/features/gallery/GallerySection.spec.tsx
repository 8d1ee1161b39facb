import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GalleryPhoto } from '@artist/contracts';
import { deferred, GALLERY, renderApp, stubApi, type Reply } from '../../test/renderApp.js';

const gallery = () => within(document.getElementById('gallery')!);

/** A photo uploaded in the admin: AVIF and WebP, the full size upright (taller than wide). */
const uploaded: GalleryPhoto = {
  id: 9,
  alt: 'Fans singing along at the Broken Spoke',
  medium: {
    webp: '/media/gallery/abc-medium.webp',
    avif: '/media/gallery/abc-medium.avif',
    width: 600,
    height: 400,
  },
  full: {
    webp: '/media/gallery/abc-full.webp',
    avif: '/media/gallery/abc-full.avif',
    width: 1067,
    height: 1600,
  },
};

it('shows the heading, the subtitle and the photos from the API, lazily loaded with their sizes', async () => {
  const photos = [uploaded, ...GALLERY];
  stubApi({ 'GET /api/gallery': { body: photos } });
  renderApp();
  expect(gallery().getByRole('heading', { name: 'Gallery' })).toBeInTheDocument();
  expect(
    gallery().getByText('Behind the scenes moments, live performances, and press photos.'),
  ).toBeInTheDocument();
  await waitFor(() => expect(gallery().getAllByRole('img')).toHaveLength(4));
  const images = gallery().getAllByRole('img');
  expect(images.map((p) => p.getAttribute('src'))).toEqual(photos.map((g) => g.medium.webp));
  for (const [index, image] of images.entries()) {
    expect(image).toHaveAttribute('alt', photos[index]!.alt);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '400');
  }
  // The uploaded photo offers its AVIF first; the built ones have WebP alone.
  const source = images[0]!.parentElement!.querySelector('source');
  expect(images[0]!.parentElement!.tagName).toBe('PICTURE');
  expect(source).toHaveAttribute('srcset', '/media/gallery/abc-medium.avif');
  expect(source).toHaveAttribute('type', 'image/avif');
  expect(images[1]!.parentElement!.tagName).toBe('BUTTON');
  await screen.findByText('No upcoming shows at this time.');
});

it('lays the photos out with the page when the page carries them, without asking for them', () => {
  const { calls } = stubApi();
  renderApp('/', { gallery: [uploaded, ...GALLERY] });
  // In the first render: nothing below the gallery moves when they would have arrived.
  expect(
    gallery()
      .getAllByRole('img')
      .map((i) => i.getAttribute('alt')),
  ).toEqual([uploaded, ...GALLERY].map((p) => p.alt));
  expect(calls.filter((c) => c.url === '/api/gallery')).toEqual([]);
});

it('shows the heading alone while the photos load, and when there are none', async () => {
  const pending = deferred<Reply>();
  stubApi({ 'GET /api/gallery': () => pending.promise });
  renderApp();
  expect(gallery().getByRole('heading', { name: 'Gallery' })).toBeInTheDocument();
  expect(gallery().queryByRole('list')).toBeNull();
  pending.resolve({ body: [] });
  await screen.findByText('No upcoming shows at this time.');
  expect(gallery().queryByRole('list')).toBeNull();
  expect(gallery().queryAllByRole('img')).toEqual([]);
});

it('opens the full-size photo, in AVIF when it has one, closes with Escape and gives focus back', async () => {
  stubApi({ 'GET /api/gallery': { body: [uploaded, ...GALLERY] } });
  renderApp();
  const opener = await gallery().findByRole('button', { name: `Enlarge photo: ${uploaded.alt}` });
  await userEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: uploaded.alt });
  const image = within(dialog).getByRole('img', { name: uploaded.alt });
  expect(image).toHaveAttribute('src', uploaded.full.webp);
  expect(image).toHaveAttribute('width', '1067');
  expect(image).toHaveAttribute('height', '1600');
  expect(image.parentElement!.querySelector('source')).toHaveAttribute(
    'srcset',
    uploaded.full.avif,
  );
  expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());
});

it('moves through the photos with Next and Previous, the arrow keys and a sideways swipe', async () => {
  stubApi();
  renderApp();
  const last = GALLERY.length - 1;
  const shown = async (index: number) => {
    const dialog = await screen.findByRole('dialog', { name: GALLERY[index]!.alt });
    expect(within(dialog).getByRole('img', { name: GALLERY[index]!.alt })).toHaveAttribute(
      'src',
      GALLERY[index]!.full.webp,
    );
    expect(within(dialog).getByText(`Photo ${index + 1} of ${last + 1}`)).toBeInTheDocument();
    return dialog;
  };
  await userEvent.click(
    await gallery().findByRole('button', { name: `Enlarge photo: ${GALLERY[0]!.alt}` }),
  );
  const dialog = await shown(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Next photo' }));
  await shown(1);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
  await shown(0);
  // From the first photo, Previous goes round to the last.
  await userEvent.keyboard('{ArrowLeft}');
  await shown(last);
  await userEvent.keyboard('{ArrowRight}');
  await shown(0);

  const stage = within(dialog).getByRole('img', { name: GALLERY[0]!.alt }).parentElement!;
  const swipe = (from: number, to: number) => {
    fireEvent(stage, new MouseEvent('pointerdown', { clientX: from, bubbles: true }));
    fireEvent(stage, new MouseEvent('pointerup', { clientX: to, bubbles: true }));
  };
  swipe(300, 200); // a finger moving left shows the next photo
  await shown(1);
  swipe(200, 230); // too short to count
  await shown(1);
  swipe(200, 300);
  await shown(0);
});
