import { dateIn, isCalendarDate, nextDate, startOfDayIn } from './dates.js';

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

describe('startOfDayIn', () => {
  it.each([
    ['UTC', '2027-03-01', '2027-03-01T00:00:00.000Z'],
    ['America/Chicago', '2027-01-10', '2027-01-10T06:00:00.000Z'],
    ['America/Chicago', '2027-07-01', '2027-07-01T05:00:00.000Z'],
    // The days of the clock changes, and the day after each.
    ['America/Chicago', '2027-03-14', '2027-03-14T06:00:00.000Z'],
    ['America/Chicago', '2027-03-15', '2027-03-15T05:00:00.000Z'],
    ['America/Chicago', '2027-11-07', '2027-11-07T05:00:00.000Z'],
    ['America/Chicago', '2027-11-08', '2027-11-08T06:00:00.000Z'],
    ['Pacific/Kiritimati', '2027-01-01', '2026-12-31T10:00:00.000Z'],
    ['Asia/Kolkata', '2027-01-01', '2026-12-31T18:30:00.000Z'],
  ])('in %s, %s starts at %s', (zone, date, instant) => {
    expect(startOfDayIn(zone, date).toISOString()).toBe(instant);
    expect(dateIn(zone, startOfDayIn(zone, date))).toBe(date);
  });
});

describe('nextDate', () => {
  it('crosses months, years and leap days', () => {
    expect(nextDate('2027-01-31')).toBe('2027-02-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2027-12-31')).toBe('2028-01-01');
  });
});
