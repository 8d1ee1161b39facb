/** The artist's own words and links: change them here, not in the components. */
export const artist = {
  name: 'Wren Calloway',
  tagline: 'Singer • Songwriter • Musician',
};
