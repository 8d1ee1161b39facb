import { shipsToSentence } from './ships-to.js';

describe('shipsToSentence', () => {
  it('names small zones by their countries and large ones by their count', () => {
    const europe = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU'];
    europe.push('IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE');
    expect(
      shipsToSentence([
        { name: 'United States', countries: ['US'] },
        { name: 'Canada', countries: ['CA'] },
        { name: 'Europe', countries: europe },
      ]),
    ).toBe('Ships to the United States, Canada and 27 countries in Europe');
  });

  it('joins two places with "and" and gives "the" where English does', () => {
    expect(shipsToSentence([{ name: 'Home', countries: ['GB', 'AU'] }])).toBe(
      'Ships to the United Kingdom and Australia',
    );
    expect(shipsToSentence([{ name: 'NZ', countries: ['NZ'] }])).toBe('Ships to New Zealand');
  });

  it('says nothing while no zone ships anywhere', () => {
    expect(shipsToSentence([])).toBeNull();
  });
});
