import { neutraliseCell, toCsv } from './csv.js';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+1+1', `'+1+1`],
    ['-2', `'-2`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tx', `'\tx`],
    ['\rx', `'\rx`],
  ])('prefixes %j with a quote', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });

  it('leaves ordinary text and numbers alone and writes null as empty', () => {
    expect(neutraliseCell('The Bluebird')).toBe('The Bluebird');
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell(2500)).toBe('2500');
    expect(neutraliseCell(null)).toBe('');
  });
});

describe('toCsv', () => {
  const columns = [
    { header: 'name', value: (r: { name: string; n: number }) => r.name },
    { header: 'n', value: (r: { name: string; n: number }) => r.n },
  ];

  it('writes RFC 4180: BOM, header, CRLF records, quotes doubled inside quoted cells', () => {
    const csv = toCsv(columns, [
      { name: 'Say "hi", y’all', n: 1 },
      { name: 'two\nlines', n: 2 },
    ]);
    expect(csv).toBe('\uFEFFname,n\r\n"Say ""hi"", y’all",1\r\n"two\nlines",2\r\n');
  });

  it('gives a header row alone for no rows', () => {
    expect(toCsv(columns, [])).toBe('\uFEFFname,n\r\n');
  });
});
