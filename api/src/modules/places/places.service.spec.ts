import { distanceKm, PlacesService } from './places.service.js';

describe('PlacesService', () => {
  const places = new PlacesService();
  const nashville = places.locate('Nashville, TN')!;

  it('locates US ZIP codes, Canadian postal codes and cities with their state or country', () => {
    expect(nashville).toMatchObject({ country: 'US' });
    expect(distanceKm(nashville, places.locate('37203')!)).toBeLessThan(10);
    expect(distanceKm(nashville, places.locate('Franklin, TN')!)).toBeLessThan(40);
    expect(distanceKm(nashville, places.locate('Franklin, Tennessee')!)).toBeLessThan(40);
    expect(places.locate('M5V 2T6')).toMatchObject({ country: 'CA' });
    expect(places.locate('Toronto, ON')).toMatchObject({ country: 'CA' });
    expect(places.locate('Paris, France')).toMatchObject({ country: 'FR' });
    expect(places.locate('Seattle, WA')).toMatchObject({ country: 'US' });
    expect(distanceKm(nashville, places.locate('Seattle, WA')!)).toBeGreaterThan(3000);
  });

  it('takes a lone city name only when one place of that name clearly dominates', () => {
    expect(places.locate('Nashville')).toMatchObject({ country: 'US' });
    expect(places.locate('Franklin')).toBeNull();
  });

  it('never guesses what it cannot find', () => {
    expect(places.locate('')).toBeNull();
    expect(places.locate('somewhere over the rainbow')).toBeNull();
    expect(places.locate('Franklin, ZZ')).toBeNull();
    expect(places.locate('00000')).toBeNull();
  });

  it('locates an order address by postal code, then by city and state', () => {
    expect(
      places.locateAddress({ city: '', state: '', postalCode: '37203', country: 'US' }),
    ).toMatchObject({ country: 'US' });
    expect(
      places.locateAddress({ city: 'Franklin', state: 'TN', postalCode: '', country: 'US' }),
    ).toMatchObject({ country: 'US' });
  });
});
