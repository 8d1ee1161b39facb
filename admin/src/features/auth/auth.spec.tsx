import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn, stubFetch } from '../../test/render.js';
import { SHOWS, listRoute } from '../../test/listServer.js';

const location = () => screen.getByTestId('location').textContent;

it('refuses a wrong password with the server message', async () => {
  const { requests } = stubFetch({
    'GET /api/admin/session': json(200, { authenticated: false }),
    'POST /api/admin/login': json(401, { statusCode: 401, message: 'Invalid password' }),
  });
  renderAdmin('/admin/login');
  await userEvent.type(screen.getByLabelText('Password'), 'nope');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password');
  const login = requests.find((r) => r.path === '/api/admin/login')!;
  expect(login.body).toEqual({ password: 'nope' });
  expect(login.credentials).toBe('include');
  expect(login.headers.get('Content-Type')).toBe('application/json');
  expect(location()).toBe('/admin/login');
});

it("falls back to 'Login failed' when the server gives no message", async () => {
  stubFetch({
    'GET /api/admin/session': json(200, { authenticated: false }),
    'POST /api/admin/login': { status: 429, text: '' },
  });
  renderAdmin('/admin/login');
  await userEvent.type(screen.getByLabelText('Password'), 'x');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
});

it('reports a network failure', async () => {
  stubFetch({
    'GET /api/admin/session': json(200, { authenticated: false }),
    'POST /api/admin/login': () => {
      throw new TypeError('Failed to fetch');
    },
  });
  renderAdmin('/admin/login');
  await userEvent.type(screen.getByLabelText('Password'), 'x');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Connection failed: Failed to fetch');
});

it('shows Logging in... while pending, then opens the dashboard', async () => {
  let release!: () => void;
  const pending = new Promise<void>((resolve) => (release = resolve));
  stubFetch({
    'GET /api/admin/session': json(200, { authenticated: false }),
    'POST /api/admin/login': async () => {
      await pending;
      return json(200, { success: true, message: 'Login successful' });
    },
    'GET /api/admin/shows': listRoute(SHOWS, []),
  });
  renderAdmin('/admin/login');
  await userEvent.type(screen.getByLabelText('Password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('button', { name: /Logging in\.\.\./ })).toBeInTheDocument();
  release();
  expect(await screen.findByRole('link', { name: 'Shows', current: 'page' })).toBeInTheDocument();
  expect(location()).toBe('/admin/shows');
});

it('sends an authenticated artist from the login screen to the dashboard', async () => {
  signedIn({ 'GET /api/admin/shows': listRoute(SHOWS, []) });
  renderAdmin('/admin/login');
  expect(await screen.findByRole('link', { name: 'Shows', current: 'page' })).toBeInTheDocument();
  expect(location()).toBe('/admin/shows');
});

it('shows a spinner while the session is checked, then redirects when not signed in', async () => {
  stubFetch({ 'GET /api/admin/session': json(200, { authenticated: false }) });
  renderAdmin('/admin');
  expect(screen.getByRole('status', { name: 'Checking session' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(location()).toBe('/admin/login');
});

it('counts a failed session check as not authenticated', async () => {
  stubFetch({ 'GET /api/admin/session': { status: 500, text: 'boom' } });
  renderAdmin('/admin');
  expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
});

it('logs out to the login screen even when the call fails', async () => {
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, []),
    'POST /api/admin/logout': { status: 500, text: 'down' },
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
  expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(location()).toBe('/admin/login');
});

it('has a Back to Site link in the header', async () => {
  signedIn({ 'GET /api/admin/shows': listRoute(SHOWS, []) });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('link', { name: 'Back to Site' }));
  expect(await screen.findByText('public home')).toBeInTheDocument();
});

it('returns to the login screen when the session expires mid-use', async () => {
  let authenticated = true;
  signedIn({
    'GET /api/admin/session': () => json(200, { authenticated }),
    'GET /api/admin/shows': () => {
      authenticated = false;
      return json(401, { statusCode: 401, message: 'Unauthorized' });
    },
  });
  renderAdmin('/admin');
  expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(location()).toBe('/admin/login');
  await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toBeNull());
  expect(within(document.body).queryByText('Failed to load shows')).toBeNull();
});
