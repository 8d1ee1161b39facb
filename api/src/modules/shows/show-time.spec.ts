import { showStart, timeOfDay } from './show-time.js';

describe('timeOfDay', () => {
  it.each([
    ['8:00 PM', { hour: 20, minute: 0 }],
    ['8 PM', { hour: 20, minute: 0 }],
    ['8pm', { hour: 20, minute: 0 }],
    ['7:30 p.m.', { hour: 19, minute: 30 }],
    ['12:00 PM', { hour: 12, minute: 0 }],
    ['12 am', { hour: 0, minute: 0 }],
    ['11:15 AM', { hour: 11, minute: 15 }],
    ['20:00', { hour: 20, minute: 0 }],
    ['Doors 7 PM, show 8 PM', { hour: 19, minute: 0 }],
  ])('reads %p as %p', (text, time) => {
    expect(timeOfDay(text)).toEqual(time);
  });

  it.each(['TBA', 'Evening', '', '13 PM', '24:00', '8:75 PM'])('finds no time in %p', (text) => {
    expect(timeOfDay(text)).toBeNull();
  });
});

describe('showStart', () => {
  it("keeps the artist's wall-clock time across a daylight-saving change, with that day's offset", () => {
    // The US clocks go forward on 14 March 2027.
    const before = showStart({ date: '2027-03-13', time: '8:00 PM' }, 'America/Chicago')!;
    const after = showStart({ date: '2027-03-14', time: '8:00 PM' }, 'America/Chicago')!;
    expect(before.toISO({ suppressMilliseconds: true })).toBe('2027-03-13T20:00:00-06:00');
    expect(after.toISO({ suppressMilliseconds: true })).toBe('2027-03-14T20:00:00-05:00');
    expect(before.toUTC().toISO()).toBe('2027-03-14T02:00:00.000Z');
    expect(after.toUTC().toISO()).toBe('2027-03-15T01:00:00.000Z');
  });

  it('is null when the time names no time of day', () => {
    expect(showStart({ date: '2027-03-13', time: 'TBA' }, 'America/Chicago')).toBeNull();
  });
});
