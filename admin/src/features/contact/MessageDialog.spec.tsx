import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactMessage } from '@artist/contracts';
import { makeMessage } from '../../test/fixtures.js';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { replyHref } from './MessageDialog.js';
import { MESSAGES, listRoute } from '../../test/listServer.js';

/** The recipients and headers a mail program reads from a mailto: link. */
function draftOf(href: string) {
  const url = new URL(href);
  return {
    to: decodeURIComponent(url.pathname),
    headers: [...url.searchParams.keys()],
    subject: url.searchParams.get('subject'),
  };
}

it('drafts a reply to the sender only, with the original subject after "Re: "', () => {
  expect(draftOf(replyHref(makeMessage(1, { subject: 'press' })))).toEqual({
    to: 'fan1@example.com',
    headers: ['subject'],
    subject: 'Re: Press & Media',
  });
});

it('adds no recipient or header from a subject holding &cc= or ?bcc=', () => {
  const subject = 'Tour?bcc=spy@evil.example&cc=other@evil.example&body=hi#x';
  expect(draftOf(replyHref(makeMessage(1, { subject })))).toEqual({
    to: 'fan1@example.com',
    headers: ['subject'],
    subject: `Re: ${subject}`,
  });
});

it('adds no recipient or header from an address holding ?bcc= or &cc=', () => {
  const email = '"fan?bcc=spy@evil.example&cc=x@evil.example"@example.com';
  const draft = draftOf(replyHref(makeMessage(1, { subject: 'fan', email })));
  expect(draft.headers).toEqual(['subject']);
  expect(draft.to).toBe(email);
});

describe('after Reply via Email', () => {
  const dialog = () => within(screen.getByRole('dialog'));
  const open = async (message: ContactMessage) => {
    const stub = signedIn({
      'GET /api/admin/contact-messages': listRoute(MESSAGES, [message]),
      [`PUT /api/admin/contact-messages/${message.id}`]: (req) =>
        json(200, { ...message, ...(req.body as object) }),
    });
    renderAdmin('/admin?tab=contact&status=all');
    await userEvent.click(await screen.findByRole('button', { name: /^View message from/ }));
    // The mail program opens the draft; jsdom only needs to stay on the page.
    const reply = dialog().getByRole('link', { name: 'Reply via Email' });
    reply.addEventListener('click', (e) => e.preventDefault());
    return { stub, reply };
  };

  it('offers to mark a new message responded, in one click', async () => {
    const { stub, reply } = await open(makeMessage(4));
    expect(dialog().queryByRole('button', { name: 'Mark as responded' })).toBeNull();
    await userEvent.click(reply);
    await userEvent.click(dialog().getByRole('button', { name: 'Mark as responded' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(stub.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/contact-messages/4', { status: 'responded' }],
    ]);
    expect(dialog().queryByRole('button', { name: 'Mark as responded' })).toBeNull();
  });

  it('offers nothing for a message already responded', async () => {
    const { reply } = await open(makeMessage(5, { status: 'responded' }));
    await userEvent.click(reply);
    expect(dialog().queryByRole('button', { name: 'Mark as responded' })).toBeNull();
  });
});
