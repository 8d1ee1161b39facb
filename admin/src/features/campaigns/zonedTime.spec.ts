import { formatInZone, zonedToIso } from './zonedTime.js';

it('reads a chosen time on the artist’s clock, whatever the browser’s zone', () => {
  expect(zonedToIso('2099-03-14T20:00', 'America/Chicago')).toBe('2099-03-15T01:00:00.000Z');
  expect(zonedToIso('2099-01-14T20:00', 'America/Chicago')).toBe('2099-01-15T02:00:00.000Z');
  expect(zonedToIso('2099-07-01T09:30', 'Europe/Dublin')).toBe('2099-07-01T08:30:00.000Z');
  expect(zonedToIso('2099-07-01T09:30', 'Asia/Kolkata')).toBe('2099-07-01T04:00:00.000Z');
  expect(zonedToIso('2099-07-01T09:30', 'UTC')).toBe('2099-07-01T09:30:00.000Z');
});

it('reads a time the clocks skip one hour on, and a time they pass twice as the first', () => {
  // Chicago, 2027: forward at 2:00 on March 14, back at 2:00 on November 7.
  expect(zonedToIso('2027-03-14T02:30', 'America/Chicago')).toBe('2027-03-14T08:30:00.000Z');
  expect(zonedToIso('2027-03-14T03:30', 'America/Chicago')).toBe('2027-03-14T08:30:00.000Z');
  expect(zonedToIso('2027-03-14T01:30', 'America/Chicago')).toBe('2027-03-14T07:30:00.000Z');
  expect(zonedToIso('2027-11-07T01:30', 'America/Chicago')).toBe('2027-11-07T06:30:00.000Z');
  expect(zonedToIso('2027-11-07T02:30', 'America/Chicago')).toBe('2027-11-07T08:30:00.000Z');
});

it('answers null for anything but a date and time', () => {
  expect(zonedToIso('', 'America/Chicago')).toBeNull();
  expect(zonedToIso('2099-03-14', 'America/Chicago')).toBeNull();
  expect(zonedToIso('tomorrow at 8', 'America/Chicago')).toBeNull();
});

it('shows an instant on the artist’s clock with the zone named', () => {
  expect(formatInZone('2099-03-15T01:00:00.000Z', 'America/Chicago')).toBe(
    'Mar 14, 2099, 8:00 PM CDT',
  );
  expect(formatInZone('2099-03-15T01:00:00.000Z', 'Asia/Tokyo')).toBe(
    'Mar 15, 2099, 10:00 AM GMT+9',
  );
  expect(formatInZone(null, 'UTC')).toBe('');
});
