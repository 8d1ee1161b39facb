import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECTION_IDS } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { CART_STORAGE_KEY } from '../cart/cartStorage.js';
import { renderApp, SITE_CONTENT, stubApi } from '../../test/renderApp.js';

beforeEach(() => {
  stubApi();
});

it('renders every section of the home page in order, each with its anchor id, then the footer', async () => {
  const { container } = renderApp();
  const ids = [...container.querySelectorAll('main > section')].map((s) => s.id);
  expect(ids).toEqual([...SECTION_IDS]);
  expect(container.querySelector('main + footer')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Wren Calloway');
  expect(screen.getByText('Singer • Songwriter • Musician')).toBeInTheDocument();
  await screen.findByText('No upcoming shows at this time.');
});

it('leads an address with a section anchor to that section', () => {
  renderApp('/#shows');
  const scrolled = jest.mocked(Element.prototype.scrollIntoView).mock.contexts;
  expect(scrolled).toEqual([document.getElementById('shows')]);
});

it('leaves the page at the top for an address without a known anchor', () => {
  renderApp('/#nowhere');
  expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
});

it('has a navigation button for each section, each scrolling smoothly to it', async () => {
  renderApp();
  const nav = screen.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Music', 'About', 'Shows', 'Gallery', 'Merch', 'Contact']) {
    await userEvent.click(within(nav).getByRole('button', { name: label }));
    const target = document.getElementById(label.toLowerCase());
    expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts.at(-1)).toBe(target);
  }
  expect(Element.prototype.scrollIntoView).toHaveBeenLastCalledWith({
    behavior: 'smooth',
    block: 'start',
  });
});

it('opens the menu with the toggle and closes it after a choice', async () => {
  renderApp();
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(document.getElementById('main-menu')).toHaveClass('is-open');
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', {
      name: 'Shows',
    }),
  );
  expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  expect(document.getElementById('main-menu')).not.toHaveClass('is-open');
});

it('closes the open menu with Escape and gives focus back to the toggle', async () => {
  renderApp();
  await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  await userEvent.keyboard('{Escape}');
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();
  await screen.findByText('No upcoming shows at this time.');
});

it.each([
  [0, null],
  [3, '3'],
  [9, '9'],
  [10, '9+'],
])('shows a cart badge for %i items as %p', async (count, badge) => {
  const items = Array.from({ length: Math.ceil(count / 10) }, (_, i) => ({
    productId: 'tshirt',
    size: ['S', 'M'][i],
    quantity: Math.min(10, count - i * 10),
    price: 2500,
    productName: 'Wren Calloway T-Shirt',
    image: null,
  }));
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  const { container } = renderApp();
  const cart = screen.getByRole('button', { name: new RegExp(`^Cart, ${count} items?$`) });
  expect(cart.querySelector('.top-nav__badge')?.textContent ?? null).toBe(badge);
  expect(container).toBeInTheDocument();
  await screen.findByText('No upcoming shows at this time.');
});

it('links the six social profiles in new tabs, and makes no request to a streaming site', async () => {
  const { calls } = stubApi();
  renderApp();
  const hero = document.getElementById('home')!;
  const links = within(hero).getAllByRole('link');
  expect(links).toHaveLength(6);
  for (const link of links) {
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  }
  expect(document.querySelector('iframe')).toBeNull();
  await screen.findByText('No upcoming shows at this time.');
  expect(calls.every((call) => call.url.startsWith('/api/'))).toBe(true);
});

it('loads a streaming player of height 352 only when asked to play', async () => {
  renderApp();
  const [track] = SITE_CONTENT.tracks;
  await userEvent.click(screen.getByRole('button', { name: `Play “${track!.title}”` }));
  const player = screen.getByTitle(`${track!.title} on Spotify`);
  expect(player).toHaveAttribute(
    'src',
    'https://open.spotify.com/embed/track/5wRenGravelRoads000002?utm_source=generator',
  );
  expect(player).toHaveAttribute('height', '352');
  expect(document.querySelectorAll('iframe')).toHaveLength(1);
});

it('writes the artist and upcoming shows as schema.org data', async () => {
  renderApp();
  await screen.findByText('No upcoming shows at this time.');
  const entries = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  );
  expect(entries).toContainEqual(
    expect.objectContaining({ '@type': 'MusicGroup', name: 'Wren Calloway' }),
  );
  expect(document.querySelector('meta[property="og:title"]')).toBeInTheDocument();
});

it('has a three-paragraph biography and a portrait', async () => {
  renderApp();
  const about = document.getElementById('about')!;
  expect(about.querySelectorAll('p')).toHaveLength(3);
  expect(within(about).getByRole('img')).toHaveAttribute('alt', artist.portrait.alt);
  await screen.findByText('No upcoming shows at this time.');
});
