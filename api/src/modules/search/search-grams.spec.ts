import { foldText, gramsOf, lookupBudget } from './search-grams.js';

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

  it('keeps no text with a character some collation may equate with ASCII, or ignore', () => {
    expect(foldText('Billy Bob’s Texas')).toBeNull();
    expect(foldText('Straße')).toBeNull();
    expect(foldText('Gift wrap\nplease')).toBeNull();
    // An accent stored apart from its letter, and a letter with no plain form.
    expect(foldText('Chloe\u0301')).toBeNull();
    expect(foldText('Øre')).toBeNull();
  });
});
