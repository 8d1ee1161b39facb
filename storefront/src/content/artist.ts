/**
 * What stays in code about the artist: the name, what search engines read, the portrait and the
 * gallery. The words and links the artist edits (tagline, bio, music, social links, contacts,
 * press kit, the shop's pages) come from the API (`features/content/contentApi.ts`).
 */
export const artist = {
  name: 'Wren Calloway',
  description:
    'Official site of Wren Calloway, country singer-songwriter from the Texas Hill Country: music, upcoming shows, photos and merch.',
  siteUrl: 'https://wrencalloway.example',
  hometown: 'Fredericksburg, Texas',
  genre: 'Country',
  portrait: {
    src: '/assets/portrait.webp',
    width: 480,
    height: 600,
    alt: 'Wren Calloway in a wide-brimmed hat holding her guitar at sunset',
  },
  gallery: [
    {
      medium: '/gallery-optimized/live-stage-medium.webp',
      full: '/gallery-optimized/live-stage-full.webp',
      alt: 'Wren Calloway singing under two spotlights on a dark stage',
    },
    {
      medium: '/gallery-optimized/studio-session-medium.webp',
      full: '/gallery-optimized/studio-session-full.webp',
      alt: 'An acoustic guitar and amplifier in a wood-panelled recording studio',
    },
    {
      medium: '/gallery-optimized/on-the-road-medium.webp',
      full: '/gallery-optimized/on-the-road-full.webp',
      alt: 'The tour van on an empty highway at sunset between shows',
    },
  ],
} as const;

/** Sizes of the generated gallery files, so the browser reserves their space before they load. */
export const GALLERY_SIZES = {
  medium: { width: 600, height: 400 },
  full: { width: 1600, height: 1067 },
} as const;
