import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubApi } from '../../test/renderApp.js';

it('redeems a code at /redeem and says where the links went, or why not', async () => {
  let answer = { status: 404, body: { statusCode: 404, message: 'This code does not work.' } };
  const { calls } = stubApi({ 'POST /api/redeem': () => answer });
  renderApp('/redeem');
  expect(
    await screen.findByRole('heading', { name: 'Redeem a download code', level: 1 }),
  ).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Code'), 'k7q2m-zxrp4');
  await userEvent.type(screen.getByLabelText('Email'), 'fan@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send my download links' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This code does not work.');
  expect(calls.find((c) => c.method === 'POST' && c.url === '/api/redeem')!.body).toEqual({
    code: 'k7q2m-zxrp4',
    email: 'fan@example.com',
  });

  answer = {
    status: 202,
    body: { message: 'Your download links are on their way to fan@example.com.' },
  } as typeof answer;
  await userEvent.click(screen.getByRole('button', { name: 'Send my download links' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Your download links are on their way to fan@example.com.',
  );
});

it("fills the code in from a card's address, and the footer links to /redeem while codes are live", async () => {
  stubApi({ 'GET /api/redeem': { body: { codesLive: true } } });
  renderApp('/redeem?code=K7Q2MZXRP4');
  expect(await screen.findByLabelText('Code')).toHaveValue('K7Q2MZXRP4');
  const footer = screen.getByRole('navigation', { name: 'Footer' });
  expect(await within(footer).findByRole('link', { name: 'Redeem a code' })).toHaveAttribute(
    'href',
    '/redeem',
  );
});

it('keeps the footer without the link while no code can be redeemed', async () => {
  const { calls } = stubApi();
  renderApp('/redeem');
  await screen.findByLabelText('Code');
  await waitFor(() => expect(calls.some((c) => c.url === '/api/redeem')).toBe(true));
  expect(screen.queryByRole('link', { name: 'Redeem a code' })).toBeNull();
});
