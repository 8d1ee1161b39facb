import { timeZoneOfCity } from './city-time-zone.js';

describe('timeZoneOfCity', () => {
  it.each([
    ['Glasgow, UK', 'Europe/London'],
    ['Glasgow, Scotland', 'Europe/London'],
    ['Glasgow, MT', 'America/Denver'],
    ['Austin, TX', 'America/Chicago'],
    ['Nashville, Tennessee', 'America/Chicago'],
    ['Denver, CO', 'America/Denver'],
    ['Phoenix, AZ', 'America/Phoenix'],
    ['Toronto, ON', 'America/Toronto'],
    ['Dublin, Ireland', 'Europe/Dublin'],
    ['  london  ,  united kingdom ', 'Europe/London'],
  ])('finds the zone of %s', (city, zone) => {
    expect(timeZoneOfCity(city)).toBe(zone);
  });

  it('takes the most populous city of the name, or of those in the region named', () => {
    expect(timeZoneOfCity('Portland')).toBe('America/Los_Angeles');
    expect(timeZoneOfCity('Portland, ME')).toBe('America/New_York');
    expect(timeZoneOfCity('Springfield, IL')).toBe('America/Chicago');
  });

  it('answers null for a place the data does not hold', () => {
    expect(timeZoneOfCity('Luckenbach Nowhere, TX')).toBeNull();
    expect(timeZoneOfCity('')).toBeNull();
    expect(timeZoneOfCity('Portland, Atlantis')).toBeNull();
    expect(timeZoneOfCity('Paris, TX')).toBeNull();
    expect(timeZoneOfCity(', UK')).toBeNull();
  });
});
