import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { App } from './App.js';
import { loadRemoteApp } from './remotes.js';

jest.mock('./remotes.js', () => ({ loadRemoteApp: jest.fn() }));
const load = jest.mocked(loadRemoteApp);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

it('shows the 404 page for an unknown path without loading any remote', () => {
  renderAt('/nope');
  expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

it('gives the 404 page the site header, a way home and a title of its own', async () => {
  const meta = document.createElement('meta');
  meta.name = 'application-name';
  meta.content = 'Wren Calloway';
  document.head.append(meta);
  document.title = 'Wren Calloway · Singer • Songwriter • Musician';
  load.mockResolvedValue({ default: () => <p>storefront here</p> });
  renderAt('/nope');
  expect(document.title).toBe('Page not found · Wren Calloway');
  const header = screen.getByRole('banner');
  expect(within(header).getByRole('link', { name: 'Wren Calloway' })).toHaveAttribute('href', '/');
  expect(within(header).getByRole('link', { name: 'Merch' })).toHaveAttribute('href', '/#merch');
  await userEvent.click(screen.getByRole('link', { name: 'Back to the home page' }));
  expect(await screen.findByText('storefront here')).toBeInTheDocument();
  expect(document.title).toBe('Wren Calloway · Singer • Songwriter • Musician');
  meta.remove();
});

it('mounts the storefront remote at / and never the admin', async () => {
  load.mockResolvedValue({ default: () => <p>storefront here</p> });
  renderAt('/');
  expect(await screen.findByText('storefront here')).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('storefront', 0);
  expect(load).not.toHaveBeenCalledWith('admin', expect.anything());
});

it('shows a friendly message when a remote fails to load, and retries on request', async () => {
  load.mockRejectedValueOnce(new Error('network down'));
  load.mockResolvedValueOnce({ default: () => <p>admin here</p> });
  renderAt('/admin/login');
  expect(await screen.findByRole('alert')).toHaveTextContent('this part of the site didn’t load');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('admin here')).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith('admin', 1);
});

it('swaps the admin for the storefront when a link leads from /admin to /', async () => {
  load.mockImplementation(async (name) => ({
    default: () => (name === 'admin' ? <Link to="/">Back to Site</Link> : <p>storefront here</p>),
  }));
  renderAt('/admin/login');
  await userEvent.click(await screen.findByRole('link', { name: 'Back to Site' }));
  expect(await screen.findByText('storefront here')).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('storefront', 0);
});

it('mounts the storefront at its content pages, once for all of them', async () => {
  load.mockResolvedValue({
    default: () => (
      <>
        <p>storefront here</p>
        <Link to="/privacy">Privacy</Link>
        <Link to="/">Home</Link>
      </>
    ),
  });
  renderAt('/shipping');
  expect(await screen.findByText('storefront here')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Privacy' }));
  await userEvent.click(screen.getByRole('link', { name: 'Home' }));
  expect(screen.getByText('storefront here')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});
