import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AdminApp from './App.js';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp notFound={<p>not found</p>} />} />
      </Routes>
    </MemoryRouter>,
  );

it('shows the login screen at /admin/login', () => {
  renderAt('/admin/login');
  expect(screen.getByLabelText('Password')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Site' })).toHaveAttribute('href', '/');
});

it('sends an unauthenticated visitor of /admin to the login screen', () => {
  renderAt('/admin');
  expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
});

it("renders the shell's 404 page for an unknown admin path", () => {
  renderAt('/admin/nope');
  expect(screen.getByText('not found')).toBeInTheDocument();
});
