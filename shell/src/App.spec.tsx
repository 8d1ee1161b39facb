import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { App } from './App.js';
import { loadRemoteApp } from './remotes.js';

jest.mock('./remotes.js', () => ({
  loadRemoteApp: jest.fn(),
  canFallBack: () => false,
  fallBack: () => false,
}));
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

it('hands an unknown path to the storefront, which draws the 404 page, and never loads the admin', async () => {
  load.mockResolvedValue({ default: () => <p>storefront here</p> });
  renderAt('/nope');
  expect(await screen.findByText('storefront here')).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('storefront', 0);
  expect(load).not.toHaveBeenCalledWith('admin', expect.anything());
});

it('keeps the storefront mounted from the 404 page to the home page', async () => {
  load.mockResolvedValue({ default: () => <Link to="/">Back to the home page</Link> });
  renderAt('/nope');
  await userEvent.click(await screen.findByRole('link', { name: 'Back to the home page' }));
  expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('shows the storefront in the place of the admin for a path the admin does not know', async () => {
  load.mockImplementation(async (name) => ({
    default: ({ notFound }) =>
      name === 'admin' ? <div data-testid="admin">{notFound}</div> : <p>storefront here</p>,
  }));
  renderAt('/admin/nope');
  expect(
    await within(await screen.findByTestId('admin')).findByText('storefront here'),
  ).toBeInTheDocument();
  expect(load.mock.calls.map(([name]) => name)).toEqual(['admin', 'storefront']);
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
