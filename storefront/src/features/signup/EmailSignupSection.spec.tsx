import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, renderApp, stubApi, type Reply } from '../../test/renderApp.js';

const signup = () => within(document.getElementById('email-signup')!);

it('has the heading, one email field, the place field, the button, the note and the social links', async () => {
  stubApi();
  renderApp();
  expect(signup().getByRole('heading', { name: 'Stay Connected' })).toBeInTheDocument();
  expect(signup().getByRole('textbox', { name: 'Email Address' })).toHaveAttribute('type', 'email');
  expect(
    signup().getByRole('textbox', {
      name: 'Your city or ZIP / postal code (so I can tell you when I play near you)',
    }),
  ).toHaveAttribute('maxlength', '100');
  expect(signup().getByRole('button', { name: 'Join the List' })).toBeInTheDocument();
  expect(signup().getByText('No spam. Unsubscribe anytime')).toBeInTheDocument();
  expect(signup().getAllByRole('link')).toHaveLength(6);
  await screen.findByText('No upcoming shows at this time.');
});

it('refuses an invalid address without calling the server', async () => {
  const { calls } = stubApi();
  renderApp();
  await userEvent.type(signup().getByRole('textbox', { name: 'Email Address' }), 'nope@');
  await userEvent.click(signup().getByRole('button', { name: 'Join the List' }));
  expect(signup().getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(calls.some((c) => c.url === '/api/email-signup')).toBe(false);
});

it("says 'Joining...', then asks the visitor to confirm from their inbox, and clears the field", async () => {
  const pending = deferred<Reply>();
  const { calls } = stubApi({ 'POST /api/email-signup': () => pending.promise });
  renderApp();
  const field = signup().getByRole('textbox', { name: 'Email Address' });
  await userEvent.type(field, ' fan@example.com ');
  await userEvent.click(signup().getByRole('button', { name: 'Join the List' }));
  expect(signup().getByRole('button', { name: 'Joining...' })).toBeDisabled();
  pending.resolve({ body: { success: true, message: 'ok' } });
  expect(await signup().findByRole('status')).toHaveTextContent(
    'Almost there: check your inbox to confirm',
  );
  const toasts = within(screen.getByRole('region', { name: /^Notifications/ }));
  expect(toasts.getByRole('status')).toHaveTextContent(
    /^Almost there: check your inbox to confirmFollow the link in the email we just sent you/,
  );
  expect(screen.queryByText(/successfully signed up/)).toBeNull();
  expect(field).toHaveValue('');
  expect(calls.find((c) => c.url === '/api/email-signup')?.body).toEqual({
    email: 'fan@example.com',
  });
});

it('sends the place the fan gives with the address', async () => {
  const { calls } = stubApi({
    'POST /api/email-signup': () => Promise.resolve({ body: { success: true, message: 'ok' } }),
  });
  renderApp();
  await userEvent.type(signup().getByRole('textbox', { name: 'Email Address' }), 'fan@example.com');
  const place = signup().getByRole('textbox', { name: /Your city or ZIP/ });
  await userEvent.type(place, ' Franklin, TN ');
  await userEvent.click(signup().getByRole('button', { name: 'Join the List' }));
  expect(
    await signup().findByText('Almost there: check your inbox to confirm'),
  ).toBeInTheDocument();
  expect(place).toHaveValue('');
  expect(calls.find((c) => c.url === '/api/email-signup')?.body).toEqual({
    email: 'fan@example.com',
    location: 'Franklin, TN',
  });
});

it.each([
  [
    'the server message',
    { status: 409, body: { statusCode: 409, message: 'Already signed up.' } },
    'Already signed up.',
  ],
  ['a fallback', { status: 500, text: '' }, 'Please try again later.'],
])("shows 'Signup failed' with %s", async (_what, reply: Reply, message) => {
  stubApi({ 'POST /api/email-signup': reply });
  renderApp();
  await userEvent.type(signup().getByRole('textbox', { name: 'Email Address' }), 'a@b.co');
  await userEvent.click(signup().getByRole('button', { name: 'Join the List' }));
  const alert = await screen.findByRole('alert', { name: '' });
  expect(alert).toHaveTextContent('Signup failed');
  expect(alert).toHaveTextContent(message);
  expect(signup().getByRole('textbox', { name: 'Email Address' })).toHaveValue('a@b.co');
});

it('shows the 429 sentence under the form until the next attempt', async () => {
  const sentence = 'Too many requests. Please try again in 10 minutes.';
  let reply: Reply = { status: 429, body: { statusCode: 429, message: sentence } };
  stubApi({ 'POST /api/email-signup': () => Promise.resolve(reply) });
  renderApp();
  await userEvent.type(signup().getByRole('textbox', { name: 'Email Address' }), 'a@b.co');
  await userEvent.click(signup().getByRole('button', { name: 'Join the List' }));
  expect(await signup().findByText(sentence)).toHaveAttribute('role', 'alert');
  reply = { body: { success: true, message: 'ok' } };
  await userEvent.click(signup().getByRole('button', { name: 'Join the List' }));
  expect(
    await signup().findByText('Almost there: check your inbox to confirm'),
  ).toBeInTheDocument();
  expect(signup().queryByText(sentence)).not.toBeInTheDocument();
});
