/** The artist's own words and links: change them here, not in the components. */
export const artist = {
  name: 'Wren Calloway',
  tagline: 'Singer • Songwriter • Musician',
  description:
    'Official site of Wren Calloway, country singer-songwriter from the Texas Hill Country: music, upcoming shows, photos and merch.',
  siteUrl: 'https://wrencalloway.example',
  hometown: 'Fredericksburg, Texas',
  genre: 'Country',
  bio: [
    'Wren Calloway grew up on a pecan farm outside Fredericksburg, Texas, where her grandmother’s radio played Patsy Cline over the sound of the irrigation pumps. She wrote her first song at twelve on a borrowed guitar with two missing strings, and she has been chasing that same mix of dust, heartache and daylight ever since.',
    'After years of Tuesday open mics in Austin and Saturday sets in dance halls across the Hill Country, she recorded her debut record, "Gravel Roads & Gospel," live to tape in a converted feed store. Critics called it "a front-porch record with a highway heart," and its single "Porch Light" found its way onto country playlists from Lubbock to Glasgow.',
    'Today Wren tours with a four-piece band and a fiddle that has outlived three vans. Her songs are about people who leave and people who stay, and the small towns that hold both. Whether she is playing a honky-tonk or a listening room, she ends every night the same way: with the house lights up and everyone singing along.',
  ],
  portrait: {
    src: '/assets/portrait.webp',
    width: 480,
    height: 600,
    alt: 'Wren Calloway in a wide-brimmed hat holding her guitar at sunset',
  },
  latestSingle: {
    title: 'Porch Light',
    embedUrl: 'https://open.spotify.com/embed/track/5wRenPorchLight0000001?utm_source=generator',
  },
  tracks: [
    {
      title: 'Gravel Roads & Gospel',
      embedUrl: 'https://open.spotify.com/embed/track/5wRenGravelRoads000002?utm_source=generator',
    },
    {
      title: 'Dance Hall Saturday',
      embedUrl: 'https://open.spotify.com/embed/track/5wRenDanceHall00000003?utm_source=generator',
    },
  ],
  socialLinks: [
    { label: 'Spotify', url: 'https://open.spotify.com/artist/5wRenCallowayArtist001' },
    { label: 'Apple Music', url: 'https://music.apple.com/us/artist/wren-calloway/1712345678' },
    { label: 'Facebook', url: 'https://www.facebook.com/wrencallowaymusic' },
    { label: 'Instagram', url: 'https://www.instagram.com/wrencallowaymusic' },
    { label: 'YouTube', url: 'https://www.youtube.com/@wrencallowaymusic' },
    { label: 'TikTok', url: 'https://www.tiktok.com/@wrencallowaymusic' },
  ],
  contacts: [
    { label: 'Booking', email: 'booking@wrencalloway.example' },
    { label: 'General', email: 'hello@wrencalloway.example' },
    { label: 'Press', email: 'press@wrencalloway.example' },
  ],
  pressKitUrl: 'https://wrencalloway.example/press-kit',
  /** The picture shared with a link to the site (Open Graph); a file of the storefront's build. */
  shareImage: '/gallery-optimized/live-stage-full.webp',
} as const;
