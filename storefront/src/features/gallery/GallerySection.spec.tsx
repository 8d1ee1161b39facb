import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { artist } from '../../content/artist.js';
import { renderApp, stubApi } from '../../test/renderApp.js';

const gallery = () => within(document.getElementById('gallery')!);

it('shows the heading, the subtitle and three lazily loaded photos with sizes', async () => {
  stubApi();
  renderApp();
  expect(gallery().getByRole('heading', { name: 'Gallery' })).toBeInTheDocument();
  expect(
    gallery().getByText('Behind the scenes moments, live performances, and press photos.'),
  ).toBeInTheDocument();
  const photos = gallery().getAllByRole('img');
  expect(photos.map((p) => p.getAttribute('src'))).toEqual(artist.gallery.map((g) => g.medium));
  for (const photo of photos) {
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width');
    expect(photo).toHaveAttribute('height');
    expect(photo.getAttribute('src')).toMatch(/^\/gallery-optimized\//);
  }
  await screen.findByText('No upcoming shows at this time.');
});

it('opens the full-size photo, closes with Escape and gives focus back', async () => {
  stubApi();
  renderApp();
  const opener = gallery().getByRole('button', { name: `Enlarge photo: ${artist.gallery[1].alt}` });
  await userEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: artist.gallery[1].alt });
  expect(within(dialog).getByRole('img', { name: artist.gallery[1].alt })).toHaveAttribute(
    'src',
    artist.gallery[1].full,
  );
  expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());
});

it('moves through the photos with Next and Previous, the arrow keys and a sideways swipe', async () => {
  stubApi();
  renderApp();
  const last = artist.gallery.length - 1;
  const shown = async (index: number) => {
    const dialog = await screen.findByRole('dialog', { name: artist.gallery[index].alt });
    expect(within(dialog).getByRole('img', { name: artist.gallery[index].alt })).toHaveAttribute(
      'src',
      artist.gallery[index].full,
    );
    expect(within(dialog).getByText(`Photo ${index + 1} of ${last + 1}`)).toBeInTheDocument();
    return dialog;
  };
  await userEvent.click(
    gallery().getByRole('button', { name: `Enlarge photo: ${artist.gallery[0].alt}` }),
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

  const stage = within(dialog).getByRole('img', { name: artist.gallery[0].alt }).parentElement!;
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
