import { dateIn, isCalendarDate } from './dates.js';

describe('dateIn', () => {
  const instant = new Date('2027-03-14T03:00:00Z');

  it('gives the date in the artist’s time zone, not UTC', () => {
    expect(dateIn('UTC', instant)).toBe('2027-03-14');
    expect(dateIn('America/Chicago', instant)).toBe('2027-03-13');
    expect(dateIn('Pacific/Kiritimati', instant)).toBe('2027-03-14');
  });

  it('turns over at local midnight', () => {
    expect(dateIn('America/Chicago', new Date('2027-01-10T05:59:59Z'))).toBe('2027-01-09');
    expect(dateIn('America/Chicago', new Date('2027-01-10T06:00:00Z'))).toBe('2027-01-10');
  });
});

describe('isCalendarDate', () => {
  it.each(['2027-03-14', '2028-02-29'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each(['2027-02-30', '2027-13-01', '2027-3-14', '14/03/2027', '2027-03-14T00:00'])(
    'refuses %s',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});
