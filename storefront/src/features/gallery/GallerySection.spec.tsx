import { screen, waitFor, within } from '@testing-library/react';
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
