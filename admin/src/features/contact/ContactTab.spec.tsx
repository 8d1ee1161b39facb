import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeMessage, rowCheckbox } from '../../test/fixtures.js';
import { MESSAGES, listRoute } from '../../test/listServer.js';

const messages = [
  makeMessage(1, { subject: 'press', message: 'Interview request\nfor Friday' }),
  makeMessage(2, { status: 'responded' }),
];

it('views a message, changes its status and offers a reply draft', async () => {
  const stub = signedIn({
    'GET /api/admin/contact-messages': listRoute(MESSAGES, messages),
    'PUT /api/admin/contact-messages/1': json(200, {}),
  });
  renderAdmin('/admin?tab=contact');
  await screen.findByText('Dolly Fan1');
  expect(screen.getByText('Press & Media')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'View message from Dolly Fan1' }));
  const dialog = within(screen.getByRole('dialog'));
  expect(dialog.getByText(/Interview request/)).toBeInTheDocument();
  expect(dialog.getByRole('link', { name: 'Reply via Email' })).toHaveAttribute(
    'href',
    'mailto:fan1@example.com?subject=Re%3A%20Press%20%26%20Media',
  );
  await userEvent.click(dialog.getByRole('combobox', { name: 'Status' }));
  // The option (a status tag carries its words as its title too).
  const options = await screen.findAllByTitle('Responded');
  await userEvent.click(options.find((e) => e.classList.contains('ant-select-item-option'))!);
  expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toEqual({ status: 'responded' });
});

it('marks selected messages as responded', async () => {
  const stub = signedIn({
    'GET /api/admin/contact-messages': listRoute(MESSAGES, messages),
    'PUT /api/admin/contact-messages/bulk': json(200, { updated: 1 }),
  });
  renderAdmin('/admin?tab=contact&status=new');
  await screen.findByText('Dolly Fan1');
  expect(screen.queryByText('Dolly Fan2')).toBeNull();
  expect(screen.getByRole('button', { name: 'Mark 0 as Responded' })).toHaveAttribute(
    'title',
    'Please select messages to mark as responded.',
  );
  expect(screen.getByRole('button', { name: 'Mark 0 as Responded' })).toBeDisabled();
  await userEvent.click(rowCheckbox('Dolly Fan1'));
  await userEvent.click(screen.getByRole('button', { name: 'Mark 1 as Responded' }));
  expect(await screen.findByText('Marked 1 message as responded')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toEqual({
    ids: [1],
    status: 'responded',
  });
});
