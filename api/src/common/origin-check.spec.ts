import type { Request } from 'express';
import { siteUrlOf } from './origin-check.js';

/** A request as siteUrlOf reads it: its headers, host and protocol. */
function requestWith(headers: Record<string, string>, host = 'shop.example'): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    protocol: 'https',
    get: (name: string) => (name.toLowerCase() === 'host' ? host : lower[name.toLowerCase()]),
  } as unknown as Request;
}

describe('siteUrlOf', () => {
  const live = { publicUrl: 'https://shop.example', publicUrlSet: true };
  const local = { publicUrl: 'http://localhost:3000', publicUrlSet: false };

  it('is PUBLIC_URL for a request from it, and for one from anywhere else', () => {
    expect(siteUrlOf(requestWith({ Origin: 'https://shop.example' }), live)).toBe(
      'https://shop.example',
    );
    // The Host is the client's to choose: with PUBLIC_URL set it proves nothing.
    expect(siteUrlOf(requestWith({ Origin: 'https://evil.example' }, 'evil.example'), live)).toBe(
      'https://shop.example',
    );
    expect(siteUrlOf(requestWith({ Referer: 'https://evil.example/x' }), live)).toBe(
      'https://shop.example',
    );
    expect(siteUrlOf(requestWith({}), live)).toBe('https://shop.example');
    expect(siteUrlOf(requestWith({ Origin: 'not a url' }), live)).toBe('https://shop.example');
  });

  it('without PUBLIC_URL, is the host the request was sent to when its Origin names it', () => {
    expect(
      siteUrlOf(requestWith({ Origin: 'https://127.0.0.1:3000' }, '127.0.0.1:3000'), local),
    ).toBe('https://127.0.0.1:3000');
    expect(
      siteUrlOf(requestWith({ Origin: 'https://evil.example' }, '127.0.0.1:3000'), local),
    ).toBe('http://localhost:3000');
  });
});
