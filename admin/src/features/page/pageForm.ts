import {
  CONTENT_LIMITS,
  CONTENT_PAGES,
  type ContentContact,
  type LabelledLink,
  type Recording,
  type SiteContent,
} from '@artist/contracts';

// The API's own rules (api/src/modules/content/dto), so most mistakes are caught before saving;
// the server still decides and its sentence is shown when it refuses.

/** An http or https address with a host and no spaces. */
export function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A Spotify link the page can make a player of. */
export const SPOTIFY_PATTERN =
  /^https:\/\/open\.spotify\.com\/(intl-[a-z-]+\/)?(track|album|playlist|artist)\/[A-Za-z0-9]+/;

type Check = (value: string) => string | undefined;

/** An antd rule from a check of the trimmed value; an empty value passes unless `required`. */
export const rule = (label: string, check?: Check, { required = false } = {}) => ({
  validator: (_: unknown, raw?: string) => {
    const value = raw?.trim() ?? '';
    if (!value) {
      return required ? Promise.reject(new Error(`${label} is required`)) : Promise.resolve();
    }
    const problem = check?.(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

export const maxLength =
  (label: string, max: number): Check =>
  (value) =>
    value.length > max
      ? `${label} must be at most ${max.toLocaleString('en-US')} characters`
      : undefined;

export const webAddress =
  (label: string): Check =>
  (value) =>
    value.length > CONTENT_LIMITS.url
      ? `${label} must be at most ${CONTENT_LIMITS.url} characters`
      : isWebAddress(value)
        ? undefined
        : `${label} must be a web address starting with http:// or https://`;

export const spotifyAddress =
  (label: string): Check =>
  (value) =>
    webAddress(label)(value) ??
    (SPOTIFY_PATTERN.test(value)
      ? undefined
      : `${label} must be an open.spotify.com link to a track, album, playlist or artist`);

export const emailAddress =
  (label: string): Check =>
  (value) =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? undefined : `${label} must be an email address`;

/** What the form holds: the content as typed, fields possibly missing while a row is new. */
export type PageFormValues = {
  [K in keyof SiteContent]?: SiteContent[K] extends (infer T)[]
    ? Partial<T>[]
    : SiteContent[K] extends object
      ? Partial<SiteContent[K]>
      : SiteContent[K];
};

const text = (value: string | undefined) => value?.trim() ?? '';

function recording(value: Partial<Recording> | undefined): Recording {
  return {
    title: text(value?.title),
    spotifyUrl: text(value?.spotifyUrl),
    appleMusicUrl: text(value?.appleMusicUrl),
    youtubeUrl: text(value?.youtubeUrl),
  };
}

/** The body of `PUT /api/admin/content`: every field, trimmed, in the form's order. */
export function toSiteContent(values: PageFormValues): SiteContent {
  const pages = values.pages ?? {};
  return {
    tagline: text(values.tagline),
    bio: text(values.bio),
    featured: recording(values.featured),
    tracks: (values.tracks ?? []).map(recording),
    socialLinks: (values.socialLinks ?? []).map((l): LabelledLink => ({
      label: text(l.label),
      url: text(l.url),
    })),
    pressKitUrl: text(values.pressKitUrl),
    contacts: (values.contacts ?? []).map((c): ContentContact => ({
      label: text(c.label),
      email: text(c.email),
    })),
    pages: Object.fromEntries(
      CONTENT_PAGES.map((key) => [key, text(pages[key])]),
    ) as SiteContent['pages'],
    postalAddress: text(values.postalAddress),
  };
}
