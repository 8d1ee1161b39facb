/**
 * The artist's own words and links on the public page, kept in the database and edited in the
 * admin's Page area: `GET /api/content` (public), `GET /api/admin/content` and
 * `PUT /api/admin/content` (the whole object). The artist's name and the site's description for
 * search engines stay in the storefront's code.
 */
export interface SiteContent {
  /** The line under the artist's name in the hero; 1 to 120 characters. */
  tagline: string;
  /** The About text: paragraphs separated by blank lines; 1 to 10,000 characters. */
  bio: string;
  /** The featured release, played in the hero ("Latest single"). */
  featured: Recording;
  /** The music section's other tracks, in order; at most 20. */
  tracks: Recording[];
  /** Social profiles, in order; at most 12. */
  socialLinks: LabelledLink[];
  /** The press kit's address; '' for none. */
  pressKitUrl: string;
  /** Addresses fans and the trade write to (booking, press, …), in order; at most 10. */
  contacts: ContentContact[];
  /** The shop's policy pages, linked from the footer: paragraphs separated by blank lines. */
  pages: Record<ContentPageKey, string>;
  /**
   * The artist's postal address, printed in every campaign email (CAN-SPAM); '' until given, and
   * campaigns cannot be sent meanwhile. At most 300 characters.
   */
  postalAddress: string;
}

/**
 * A song or release with where to hear it. Each link is an http or https address, or '' for none;
 * the Spotify link (`https://open.spotify.com/track/…` or `/album/…`) also gives the page its
 * player.
 */
export interface Recording {
  /** 1 to 120 characters. */
  title: string;
  spotifyUrl: string;
  appleMusicUrl: string;
  youtubeUrl: string;
}

export interface LabelledLink {
  /** 1 to 40 characters; a known network's name (Spotify, Instagram, …) gets its icon. */
  label: string;
  /** An http or https address. */
  url: string;
}

export interface ContentContact {
  /** 1 to 40 characters, e.g. "Booking". */
  label: string;
  email: string;
}

/** The footer's content pages, each served at `/<key>`. */
export const CONTENT_PAGES = ['shipping', 'returns', 'privacy'] as const;
export type ContentPageKey = (typeof CONTENT_PAGES)[number];

/** Each content page's heading and footer link. */
export const CONTENT_PAGE_TITLES: Record<ContentPageKey, string> = {
  shipping: 'Shipping',
  returns: 'Returns',
  privacy: 'Privacy',
};

/** Limits the API enforces and the admin's form states. */
export const CONTENT_LIMITS = {
  tagline: 120,
  bio: 10_000,
  title: 120,
  label: 40,
  url: 500,
  page: 20_000,
  tracks: 20,
  socialLinks: 12,
  contacts: 10,
  postalAddress: 300,
} as const;

/**
 * Id of the `<script type="application/json">` in the home page's first response holding the
 * public `SiteContent`, so the storefront starts with it instead of asking for it; a storefront
 * on a page this API did not make asks `GET /api/content`.
 */
export const SITE_CONTENT_ID = 'site-content';

/** Splits a text of paragraphs separated by blank lines into its paragraphs. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** A Spotify link the page can play: a track, album, playlist or artist on open.spotify.com. */
export const SPOTIFY_LINK =
  /^https:\/\/open\.spotify\.com\/(track|album|playlist|artist)\/([A-Za-z0-9]+)\/?(\?.*)?$/;

/** The player's address for a Spotify link (`…/track/ID` → `…/embed/track/ID`); null for none. */
export function spotifyEmbedUrl(link: string): string | null {
  const match = SPOTIFY_LINK.exec(link);
  return match
    ? `https://open.spotify.com/embed/${match[1]}/${match[2]}?utm_source=generator`
    : null;
}

/**
 * A photo of the gallery (`GET /api/gallery`, in the artist's order). Uploaded photos come in
 * AVIF and WebP; the photos the site started with in WebP only (`avif` null).
 */
export interface GalleryPhoto {
  id: number;
  /** What the photo shows, for those who cannot see it; 1 to 200 characters. */
  alt: string;
  /** The grid's size: 600 × 400, cropped to the centre. */
  medium: GalleryImage;
  /** The lightbox's size: at most 1600 px on its longer side, uncropped. */
  full: GalleryImage;
}

export interface GalleryImage {
  webp: string;
  avif: string | null;
  width: number;
  height: number;
}

/**
 * Id of the `<script type="application/json">` in the home page's first response holding the
 * gallery (`GalleryPhoto[]`), so the photos are laid out with the page instead of arriving later
 * and moving what is below them (an address like `/#merch` would lose its place).
 */
export const GALLERY_PHOTOS_ID = 'gallery-photos';

/** Largest photo `POST /api/admin/gallery` accepts; a larger one is refused with 413. */
export const GALLERY_MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const GALLERY_ALT_MAX = 200;
