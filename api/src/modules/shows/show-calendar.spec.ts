import { uriValue } from './show-calendar.js';

describe('uriValue', () => {
  it('keeps a URI as it is, reserved characters and escapes included', () => {
    const uri = "https://t.example/a;b,c/d?e=1&f=2;g=3,4#h:i@j!$'()*+=[x]~%C3%AB";
    expect(uriValue(uri)).toBe(uri);
  });

  it('percent-encodes characters a URI may not hold as UTF-8', () => {
    expect(uriValue('https://t.example/Zoë?q="a b"|{c}^`d`\\e<f>')).toBe(
      'https://t.example/Zo%C3%AB?q=%22a%20b%22%7C%7Bc%7D%5E%60d%60%5Ce%3Cf%3E',
    );
  });

  it('encodes control characters, so the value stays on one content line', () => {
    expect(uriValue('https://t.example/a\r\nb\tc\u0000d\u007f')).toBe(
      'https://t.example/a%0D%0Ab%09c%00d%7F',
    );
  });

  it('encodes a percent sign that starts no escape', () => {
    expect(uriValue('https://t.example/100%?x=%2g%4')).toBe('https://t.example/100%25?x=%252g%254');
  });

  it('writes a lone surrogate as the replacement character', () => {
    expect(uriValue('https://t.example/\ud800')).toBe('https://t.example/%EF%BF%BD');
  });
});
