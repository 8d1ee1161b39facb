import { mailboxKey, mailboxQuotaName } from './mailbox.js';

describe('mailboxKey', () => {
  it.each([
    ['victim@example.com', 'victim@example.com'],
    ['Victim@Example.COM', 'victim@example.com'],
    ['"victim"@example.com', 'victim@example.com'],
    ['victim+0@example.com', 'victim@example.com'],
    ['victim+news+more@example.com', 'victim@example.com'],
    ['"vic\\"tim+x"@example.com', 'victim@example.com'],
    ['victim+tag@gmail.com', 'victim@gmail.com'],
    ['t.arget@gmail.com', 'target@gmail.com'],
    ['T.a.r.g.e.t+x@GMail.com', 'target@gmail.com'],
    ['t.arget@googlemail.com', 'target@googlemail.com'],
    [' t.arget@gmail.com ', 'target@gmail.com'],
  ])('makes %s the mailbox %s', (address, key) => {
    expect(mailboxKey(address)).toBe(key);
  });

  it('keeps different people, and accents, apart', () => {
    expect(mailboxKey('jose@example.com')).not.toBe(mailboxKey('josé@example.com'));
    expect(mailboxKey('victim@example.com')).not.toBe(mailboxKey('victim@example.org'));
    expect(mailboxKey('victim.a@example.com')).not.toBe(mailboxKey('victima@example.com'));
    expect(mailboxKey('t.arget@gmail.com')).not.toBe(mailboxKey('target@googlemail.com'));
  });

  it('makes every dotted spelling of a Gmail address one mailbox', () => {
    const keys = ['target@gmail.com', 't.arget@gmail.com', 'ta.rg.et+1@gmail.com'].map(mailboxKey);
    expect(new Set(keys)).toEqual(new Set(['target@gmail.com']));
    expect(mailboxQuotaName('t.arget@gmail.com')).toBe(mailboxQuotaName('target@gmail.com'));
  });

  it('names the count by a digest that holds no address', () => {
    const name = mailboxQuotaName('Victim+1@example.com');
    expect(name).toBe(mailboxQuotaName('victim@example.com'));
    expect(name).toMatch(/^mailbox:[0-9a-f]{64}$/);
  });
});
