import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteContent } from '@artist/contracts';
import { renderFirstPaint } from '../../app/firstPaintServer.js';
import {
  currentLocation,
  deferred,
  renderApp,
  SITE_CONTENT,
  stubApi,
  type Reply,
} from '../../test/renderApp.js';

const edited: SiteContent = {
  ...SITE_CONTENT,
  tagline: 'Songs for porch lights',
  bio: 'First paragraph.\n\nSecond paragraph.',
  featured: {
    title: 'Dust & Daylight',
    spotifyUrl: 'https://open.spotify.com/album/7DustAndDaylight0001',
    appleMusicUrl: '',
    youtubeUrl: 'https://www.youtube.com/watch?v=dust',
  },
  socialLinks: [{ label: 'Bandcamp', url: 'https://wrencalloway.bandcamp.com' }],
  contacts: [{ label: 'Management', email: 'manager@example.com' }],
  pressKitUrl: '',
};

const section = (id: string) => within(document.getElementById(id)!);

it('shows the content the page carries at once, without asking for it', async () => {
  const { calls } = stubApi();
  renderApp('/', { content: edited });
  const hero = section('home');
  expect(hero.getByText('Songs for porch lights')).toBeInTheDocument();
  expect(hero.getByRole('link', { name: 'Bandcamp (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://wrencalloway.bandcamp.com',
  );
  expect(hero.getByRole('button', { name: 'Play “Dust & Daylight”' })).toBeInTheDocument();
  expect(
    hero.getByRole('link', { name: 'Dust & Daylight on YouTube (opens in a new tab)' }),
  ).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dust');
  await screen.findByText('No upcoming shows at this time.');
  const about = document.getElementById('about')!;
  expect([...about.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
    'First paragraph.',
    'Second paragraph.',
  ]);
  expect(section('contact').getByRole('link', { name: 'manager@example.com' })).toBeInTheDocument();
  expect(section('contact').queryByRole('link', { name: /Press Kit/ })).toBeNull();
  expect(calls.map((call) => call.url)).not.toContain('/api/content');
});

it('plays each track from its Spotify link and links its other services', async () => {
  stubApi();
  renderApp();
  const music = section('music');
  await userEvent.click(music.getByRole('button', { name: 'Play “Dance Hall Saturday”' }));
  expect(screen.getByTitle('Dance Hall Saturday on Spotify')).toHaveAttribute(
    'src',
    'https://open.spotify.com/embed/track/5wRenDanceHall00000003?utm_source=generator',
  );
  expect(
    music.getByRole('link', { name: 'Gravel Roads & Gospel on Apple Music (opens in a new tab)' }),
  ).toHaveAttribute('href', 'https://music.apple.com/us/album/gravel-roads/1712345000');
  expect(music.getAllByRole('link')).toHaveLength(2);
  await screen.findByText('No upcoming shows at this time.');
});

it('asks for the content on a page that does not carry it, showing the page meanwhile', async () => {
  const answer = deferred<Reply>();
  const { calls } = stubApi({ 'GET /api/content': () => answer.promise });
  renderApp('/', { content: null });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Wren Calloway');
  expect(screen.queryByText('Singer • Songwriter • Musician')).toBeNull();
  expect(calls.filter((call) => call.url === '/api/content')).toHaveLength(1);
  answer.resolve({ body: SITE_CONTENT });
  expect(await screen.findByText('Singer • Songwriter • Musician')).toBeInTheDocument();
  await screen.findByText('No upcoming shows at this time.');
});

it('renders a content page: the site header, its title, its paragraphs and the footer', async () => {
  stubApi();
  renderApp('/shipping');
  const header = screen.getByRole('banner');
  expect(within(header).getByRole('link', { name: 'Wren Calloway' })).toHaveAttribute('href', '/');
  expect(within(header).getByRole('link', { name: 'Merch' })).toHaveAttribute('href', '/#merch');
  expect(screen.getByRole('heading', { level: 1, name: 'Shipping' })).toBeInTheDocument();
  const main = screen.getByRole('main');
  expect([...main.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
    'Orders leave within three business days.',
    'A flat $5 within the US.',
  ]);
  expect(document.title).toBe('Shipping · Wren Calloway');
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(document.getElementById('shows')).toBeNull();
});

it('links the three content pages from the footer, and the quick links back home', async () => {
  stubApi();
  renderApp();
  const footer = within(await screen.findByRole('contentinfo'));
  for (const [name, href] of [
    ['Shipping', '/shipping'],
    ['Returns', '/returns'],
    ['Privacy', '/privacy'],
  ]) {
    expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await userEvent.click(footer.getByRole('link', { name: 'Privacy' }));
  expect(currentLocation.path).toBe('/privacy');
  expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
  expect(screen.getByText('We keep your orders, signups and messages.')).toBeInTheDocument();
  const back = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Shows' });
  expect(back).toHaveAttribute('href', '/#shows');
});

describe('renderFirstPaint', () => {
  it('paints the current tagline and links, without ids, with text kept as text', () => {
    const html = renderFirstPaint({ ...edited, tagline: 'Honky-tonk </p><script>x</script>' });
    expect(html).toContain('Honky-tonk &lt;/p&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('href="https://wrencalloway.bandcamp.com"');
    expect(html).not.toMatch(/ (id|aria-labelledby|aria-controls)=/);
  });

  it('paints the name and navigation alone without content', () => {
    const html = renderFirstPaint(undefined);
    expect(html).toContain('Wren Calloway');
    expect(html).not.toContain('hero__player');
    // No link of the content (social links, the press kit): only the header's "Account".
    expect(html.match(/<a [^>]*>[^<]*<\/a>/g)).toEqual([
      '<a class="top-nav__account" href="/account">Account</a>',
    ]);
  });
});
