import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderApp, stubApi } from '../../test/renderApp.js';

it('draws the 404 page in the site header and footer, with its own title and a way home', async () => {
  stubApi();
  document.title = 'Wren Calloway · Singer • Songwriter • Musician';
  renderApp('/no-such-page');
  expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
  expect(document.title).toBe('Page not found · Wren Calloway');
  const header = within(screen.getByRole('banner'));
  expect(header.getByRole('link', { name: 'Wren Calloway' })).toHaveAttribute('href', '/');
  expect(header.getByRole('link', { name: 'Merch' })).toHaveAttribute('href', '/#merch');
  expect(header.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  // The cart is on every page: here too it opens the cart panel.
  await userEvent.click(header.getByRole('button', { name: 'Cart, 0 items' }));
  expect(await screen.findByRole('dialog', { name: /^Your Cart/ })).toBeInTheDocument();
  expect(
    within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Shipping' }),
  ).toHaveAttribute('href', '/shipping');
  expect(document.getElementById('shows')).toBeNull();

  await userEvent.click(screen.getByRole('link', { name: 'Back to the home page' }));
  expect(currentLocation.path).toBe('/');
  expect(screen.getByRole('heading', { level: 1, name: 'Wren Calloway' })).toBeInTheDocument();
  expect(document.title).toBe('Wren Calloway · Singer • Songwriter • Musician');
  await screen.findByText('No upcoming shows at this time.');
});

it('draws the 404 page for an admin address the admin does not know', () => {
  stubApi();
  renderApp('/admin/no-such-area');
  expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
});
