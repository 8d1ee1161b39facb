import { makeMessage } from '../../test/fixtures.js';
import { replyHref } from './MessageDialog.js';

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
