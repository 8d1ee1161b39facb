/**
 * What stays in code about the artist: the name, what search engines read, the portrait and the
 * picture shared with a link. The gallery comes from `GET /api/gallery`; the words and links the artist edits (tagline, bio, music, social links, contacts,
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
  /** The picture shared with a link to the site (Open Graph); a file of the storefront's build. */
  shareImage: '/gallery-optimized/live-stage-full.webp',
} as const;
