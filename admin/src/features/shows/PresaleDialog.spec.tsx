import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESALE_ALREADY_SENT_MESSAGE } from '@artist/contracts';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeShow } from '../../test/fixtures.js';
import { SHOWS, listRoute } from '../../test/listServer.js';

const dialogs = () => screen.getAllByRole('dialog');
const presaleDialog = () => within(dialogs()[0]);
/** antd's confirmation, a second dialog above the code's. */
const confirmation = async (code: string) => {
  await waitFor(() => expect(dialogs()).toHaveLength(2));
  const confirm = within(dialogs()[1]);
  expect(
    confirm.getByText(`Send the presale code ${code}?`, { selector: '.ant-modal-confirm-title' }),
  ).toBeInTheDocument();
  return confirm;
};
const typeCode = async (code: string) => {
  const field = presaleDialog().getByLabelText('Presale code');
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(code);
};

it('asks for the code, confirms, sends it once and says how many members it went to', async () => {
  const stub = signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [makeShow(4, { venue: 'Ryman' })]),
    'POST /api/admin/shows/4/presale': (req) =>
      json(201, {
        showId: 4,
        code: (req.body as { code: string }).code,
        campaignId: 12,
        recipients: 3,
        createdAt: '2099-01-01T00:00:00.000Z',
      }),
  });
  renderAdmin('/admin');
  await userEvent.click(
    await screen.findByRole('button', { name: /^Send presale code for Ryman/ }),
  );
  expect(presaleDialog().getByText('Send presale code')).toBeInTheDocument();

  // The server's rules, said before anything is sent.
  await userEvent.click(presaleDialog().getByRole('button', { name: 'Send' }));
  expect(await presaleDialog().findByText('Please enter the presale code.')).toBeInTheDocument();
  await typeCode('two words');
  await userEvent.click(presaleDialog().getByRole('button', { name: 'Send' }));
  expect(
    await presaleDialog().findByText(
      'A presale code is letters, digits, dashes and underscores only.',
    ),
  ).toBeInTheDocument();

  await typeCode('RYMAN-99');
  await userEvent.click(presaleDialog().getByRole('button', { name: 'Send' }));
  const cancel = await confirmation('RYMAN-99');
  await userEvent.click(cancel.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(dialogs()).toHaveLength(1));
  expect(stub.requests.some((r) => r.method === 'POST')).toBe(false);

  await userEvent.click(presaleDialog().getByRole('button', { name: 'Send' }));
  const confirm = await confirmation('RYMAN-99');
  await userEvent.click(confirm.getByRole('button', { name: 'Send' }));

  expect(await screen.findByText('Presale code sent to 3 members')).toBeInTheDocument();
  const posts = stub.requests.filter((r) => r.method === 'POST');
  expect(posts.map((r) => [r.path, r.body])).toEqual([
    ['/api/admin/shows/4/presale', { code: 'RYMAN-99' }],
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('shows the server’s sentence when the show’s code was sent already, and keeps the dialog', async () => {
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [makeShow(5, { venue: 'Bluebird' })]),
    'POST /api/admin/shows/5/presale': json(409, {
      statusCode: 409,
      message: PRESALE_ALREADY_SENT_MESSAGE,
    }),
  });
  renderAdmin('/admin');
  await userEvent.click(
    await screen.findByRole('button', { name: /^Send presale code for Bluebird/ }),
  );
  await typeCode('BLUE-1');
  await userEvent.click(presaleDialog().getByRole('button', { name: 'Send' }));
  const confirm = await confirmation('BLUE-1');
  await userEvent.click(confirm.getByRole('button', { name: 'Send' }));

  expect(await screen.findByText('Failed to send the presale code')).toBeInTheDocument();
  expect(screen.getByText(PRESALE_ALREADY_SENT_MESSAGE)).toBeInTheDocument();
  await waitFor(() => expect(dialogs()).toHaveLength(1));
  expect(presaleDialog().getByText('Send presale code')).toBeInTheDocument();
});

it('offers the presale only on published upcoming shows', async () => {
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [
      makeShow(6, { venue: 'Draft Hall', status: 'draft', listStatus: 'draft' }),
    ]),
  });
  renderAdmin('/admin?status=all');
  await screen.findByText('Draft Hall');
  expect(screen.queryByRole('button', { name: /^Send presale code/ })).toBeNull();
});
