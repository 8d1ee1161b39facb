import { foldText, gramsOf, lookupBudget, wildcardsOf } from './search-grams.js';

describe('gramsOf', () => {
  it('lists each three-character sequence once, in hexadecimal', () => {
    expect(gramsOf('abab')).toEqual(['616261', '626162']);
    expect(gramsOf('ab')).toEqual([]);
  });
});

describe('lookupBudget', () => {
  const MB = 2 ** 20;
  const signups = { candidateMax: 25_000, tableBytes: 300 * MB, dataBytes: 65 * MB };

  it('allows candidateMax lookups while the table and its indexes fit in the buffer pool', () => {
    expect(lookupBudget({ ...signups, poolBytes: 1024 * MB })).toBe(25_000);
    expect(lookupBudget({ ...signups, poolBytes: 300 * MB })).toBe(25_000);
  });

  it('allows an eighth of the table’s pages when they do not', () => {
    // 65 MB is 4,160 pages of 16 KB.
    expect(lookupBudget({ ...signups, poolBytes: 128 * MB })).toBe(520);
    expect(lookupBudget({ ...signups, poolBytes: 128 * MB, candidateMax: 100 })).toBe(100);
  });
});

describe('foldText', () => {
  it('lower-cases printable ASCII', () => {
    expect(foldText('Mixed.Case.SMITH@Example.com')).toBe('mixed.case.smith@example.com');
  });

  it('lists an accented letter as its plain one', () => {
    expect(foldText('Chloé Johnson')).toBe('chloe johnson');
    expect(foldText('ZOË Muñoz')).toBe('zoe munoz');
  });

  it('lists any other character as a wildcard of one character', () => {
    expect(foldText('Billy Bob’s Texas')).toBe('billy bob\x7fs texas');
    expect(foldText('Straße')).toBe('stra\x7fe');
    expect(foldText('Gift wrap\r\nplease')).toBe('gift wrap\x7f\x7fplease');
    expect(foldText('Øre ｏｋ 🎸')).toBe('\x7fre \x7f\x7f \x7f');
  });

  it('keeps no text with a character some collation may ignore', () => {
    // An accent stored apart from its letter, a soft hyphen, a control character.
    expect(foldText('Chloe\u0301')).toBeNull();
    expect(foldText('John\u00adson')).toBeNull();
    expect(foldText('a\u0001b')).toBeNull();
  });
});

describe('wildcardsOf', () => {
  it('gives a sequence in every form a row holding wildcards may hold it', () => {
    expect(
      wildcardsOf(gramsOf("b's")[0]).map((hex) => Buffer.from(hex, 'hex').toString('latin1')),
    ).toEqual([
      "b's",
      "\x7f's",
      'b\x7fs',
      '\x7f\x7fs',
      "b'\x7f",
      "\x7f'\x7f",
      'b\x7f\x7f',
      '\x7f\x7f\x7f',
    ]);
  });
});
