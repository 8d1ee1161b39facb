import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteContent } from '@artist/contracts';
import { json, renderAdmin, signedIn, type StubRequest } from '../../test/render.js';

const content = (): SiteContent => ({
  tagline: 'Singer • Songwriter • Musician',
  bio: 'First paragraph.\n\nSecond paragraph.',
  featured: {
    title: 'Porch Light',
    spotifyUrl: 'https://open.spotify.com/track/5wRenPorchLight0000001',
    appleMusicUrl: '',
    youtubeUrl: '',
  },
  tracks: [
    {
      title: 'Dance Hall Saturday',
      spotifyUrl: 'https://open.spotify.com/track/5wRenDanceHall00000003',
      appleMusicUrl: '',
      youtubeUrl: 'https://www.youtube.com/watch?v=abc',
    },
  ],
  socialLinks: [
    { label: 'Spotify', url: 'https://open.spotify.com/artist/1' },
    { label: 'Instagram', url: 'https://www.instagram.com/wren' },
  ],
  pressKitUrl: 'https://wrencalloway.example/press-kit',
  contacts: [{ label: 'Booking', email: 'booking@wrencalloway.example' }],
  pages: {
    shipping: 'We ship in three days.',
    returns: 'Thirty days.',
    privacy: 'We keep little.',
  },
  postalAddress: '',
});

/** Replaces a field's text in one go: antd forms re-render slowly per keystroke in jsdom. */
const retype = async (field: HTMLElement, value: string) => {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
};

const preview = () => within(screen.getByRole('region', { name: 'Preview' }));

function contentServer(onPut?: (req: StubRequest) => { status: number; json: unknown }) {
  return signedIn({
    'GET /api/admin/content': json(200, content()),
    'PUT /api/admin/content': (req) => onPut?.(req) ?? json(200, req.body),
  });
}

it('edits the tagline and about text, previews them as typed, and saves the whole page', async () => {
  const stub = contentServer();
  renderAdmin('/admin?tab=page');
  const tagline = await screen.findByLabelText('Tagline');
  expect(screen.getByRole('link', { name: 'Page', current: 'page' })).toBeInTheDocument();
  expect(tagline).toHaveValue('Singer • Songwriter • Musician');

  await retype(tagline, '  Songs from the Hill Country  ');
  await retype(screen.getByLabelText('About text'), 'One.\n\nTwo.\n\nThree.');
  expect(preview().getByText('Songs from the Hill Country')).toBeInTheDocument();
  expect(preview().getByText('Three.')).toBeInTheDocument();
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Page saved')).toBeInTheDocument();
  const puts = stub.requests.filter((r) => r.method === 'PUT');
  expect(puts).toHaveLength(1);
  // The whole object, trimmed, every other field as it was.
  expect(puts[0].body).toEqual({
    ...content(),
    tagline: 'Songs from the Hill Country',
    bio: 'One.\n\nTwo.\n\nThree.',
  });
  expect(screen.queryByText('Unsaved changes')).toBeNull();
});

it('refuses a link that is not a web address before asking the server', async () => {
  const stub = contentServer();
  renderAdmin('/admin?tab=page');
  await retype(await screen.findByLabelText('Address 2'), 'javascript:alert(1)');
  await retype(screen.getByLabelText('Press kit'), 'ftp://wrencalloway.example/kit');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(
    await screen.findByText('Address must be a web address starting with http:// or https://'),
  ).toBeInTheDocument();
  expect(
    screen.getByText('Press kit must be a web address starting with http:// or https://'),
  ).toBeInTheDocument();
  expect(stub.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
});

it('shows the server’s sentence when it refuses the page, and keeps the edits', async () => {
  contentServer(() =>
    json(400, { statusCode: 400, message: ['socialLinks.0.url must be an http or https address'] }),
  );
  renderAdmin('/admin?tab=page');
  await retype(await screen.findByLabelText('Tagline'), 'New words');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Failed to save the page')).toBeInTheDocument();
  expect(
    screen.getByText('socialLinks.0.url must be an http or https address'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Tagline')).toHaveValue('New words');
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
});

it('adds, reorders and removes links and tracks, and discards unsaved changes', async () => {
  const stub = contentServer();
  renderAdmin('/admin?tab=page');
  await screen.findByLabelText('Tagline');

  await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
  await retype(screen.getByLabelText('Name 3'), 'TikTok');
  await retype(screen.getByLabelText('Address 3'), 'https://www.tiktok.com/@wren');
  await userEvent.click(screen.getByRole('button', { name: 'Move link 3 up' }));
  await userEvent.click(screen.getByRole('button', { name: 'Remove link 1' }));
  await userEvent.click(screen.getByRole('button', { name: 'Add track' }));
  await retype(screen.getByLabelText('Title', { selector: '#tracks_1_title' }), 'Gravel Roads');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await screen.findByText('Page saved');
  const body = stub.requests.find((r) => r.method === 'PUT')!.body as SiteContent;
  expect(body.socialLinks.map((l) => l.label)).toEqual(['TikTok', 'Instagram']);
  expect(body.tracks.map((t) => t.title)).toEqual(['Dance Hall Saturday', 'Gravel Roads']);
  expect(body.tracks[1]).toEqual({
    title: 'Gravel Roads',
    spotifyUrl: '',
    appleMusicUrl: '',
    youtubeUrl: '',
  });

  await retype(screen.getByLabelText('Tagline'), 'Not meant');
  await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
  await waitFor(() => expect(screen.getByLabelText('Tagline')).toHaveValue(body.tagline));
  expect(screen.queryByText('Unsaved changes')).toBeNull();
});
