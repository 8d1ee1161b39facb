import { screen } from '@testing-library/react';
import { json, renderAdmin, stubFetch } from '../test/render.js';

beforeEach(() => stubFetch({ 'GET /api/admin/session': json(200, { authenticated: false }) }));

it('shows the login screen at /admin/login', async () => {
  renderAdmin('/admin/login');
  expect(screen.getByLabelText('Password')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', '/');
  expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
});

it('sends an unauthenticated visitor of /admin to the login screen', async () => {
  renderAdmin('/admin');
  expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
});

it("renders the shell's 404 page for an unknown admin path", () => {
  renderAdmin('/admin/nope');
  expect(screen.getByText('not found')).toBeInTheDocument();
});
