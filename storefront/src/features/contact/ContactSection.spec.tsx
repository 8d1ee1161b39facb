import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, renderApp, SITE_CONTENT, stubApi, type Reply } from '../../test/renderApp.js';

const contact = () => within(document.getElementById('contact')!);

async function fillIn() {
  await userEvent.type(contact().getByLabelText('First Name'), 'Dolly');
  await userEvent.type(contact().getByLabelText('Last Name'), 'Rivers');
  await userEvent.type(contact().getByLabelText('Email'), 'dolly@example.com');
  await userEvent.selectOptions(contact().getByLabelText('Subject'), 'booking');
  await userEvent.type(contact().getByLabelText('Message'), 'Play our barn dance?');
}

it('lists the booking, general and press addresses and the press kit', async () => {
  stubApi();
  renderApp();
  for (const { email } of SITE_CONTENT.contacts) {
    expect(contact().getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  }
  expect(contact().getByRole('link', { name: /Press Kit/ })).toHaveAttribute(
    'href',
    SITE_CONTENT.pressKitUrl,
  );
  await screen.findByText('No upcoming shows at this time.');
});

it('offers the five subjects and a five-row message', async () => {
  stubApi();
  renderApp();
  const options = within(contact().getByLabelText('Subject')).getAllByRole('option');
  expect(options.slice(1).map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
    ['booking', 'Booking Inquiry'],
    ['collaboration', 'Collaboration'],
    ['press', 'Press & Media'],
    ['fan', 'Fan Message'],
    ['other', 'Other'],
  ]);
  expect(contact().getByLabelText('Message')).toHaveAttribute('rows', '5');
  await screen.findByText('No upcoming shows at this time.');
});

it("marks every missing field 'Required' and a bad address, and sends nothing", async () => {
  const { calls } = stubApi();
  renderApp();
  await userEvent.type(contact().getByLabelText('Email'), 'dolly@');
  await userEvent.click(contact().getByRole('button', { name: 'Send Message' }));
  expect(contact().getAllByText('Required')).toHaveLength(4);
  expect(contact().getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(contact().getByLabelText('First Name')).toHaveFocus();
  expect(contact().getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
  expect(calls.some((c) => c.url === '/api/contact')).toBe(false);
});

it("says 'Sending...', thanks the sender and clears the form", async () => {
  const pending = deferred<Reply>();
  const { calls } = stubApi({ 'POST /api/contact': () => pending.promise });
  renderApp();
  await fillIn();
  await userEvent.click(contact().getByRole('button', { name: 'Send Message' }));
  expect(contact().getByRole('button', { name: 'Sending...' })).toBeDisabled();
  pending.resolve({ body: { success: true, message: 'ok' } });
  expect(await screen.findByText('Message sent!')).toBeInTheDocument();
  expect(screen.getByText(/I'll get back to you soon\./)).toBeInTheDocument();
  expect(calls.find((c) => c.url === '/api/contact')?.body).toEqual({
    firstName: 'Dolly',
    lastName: 'Rivers',
    email: 'dolly@example.com',
    subject: 'booking',
    message: 'Play our barn dance?',
  });
  expect(contact().getByLabelText('First Name')).toHaveValue('');
  expect(contact().getByLabelText('Subject')).toHaveValue('');
});

it.each([
  [
    'the server message',
    { status: 400, body: { statusCode: 400, message: 'Message is too long.' } },
    'Message is too long.',
  ],
  ['a fallback', { status: 502, text: '' }, 'Please try again later.'],
])(
  "shows 'Failed to send message' with %s and keeps what was typed",
  async (_w, reply: Reply, message) => {
    stubApi({ 'POST /api/contact': reply });
    renderApp();
    await fillIn();
    await userEvent.click(contact().getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByRole('alert', { name: '' });
    expect(alert).toHaveTextContent('Failed to send message');
    expect(alert).toHaveTextContent(message);
    expect(contact().getByLabelText('First Name')).toHaveValue('Dolly');
  },
);

it('shows the 429 sentence in the form until the next attempt', async () => {
  const sentence = 'Too many requests. Please try again in 10 minutes.';
  let reply: Reply = { status: 429, body: { statusCode: 429, message: sentence } };
  stubApi({ 'POST /api/contact': () => Promise.resolve(reply) });
  renderApp();
  await fillIn();
  await userEvent.click(contact().getByRole('button', { name: 'Send Message' }));
  expect(await contact().findByText(sentence)).toHaveAttribute('role', 'alert');
  reply = { body: { success: true, message: 'ok' } };
  await userEvent.click(contact().getByRole('button', { name: 'Send Message' }));
  expect(await screen.findByText('Message sent!')).toBeInTheDocument();
  expect(contact().queryByText(sentence)).not.toBeInTheDocument();
});
