import { useEffect } from 'react';
import { artist } from '../../content/artist.js';
import { JsonLd } from '../../shared/JsonLd.js';
import { useSiteContent } from '../content/contentApi.js';

/**
 * Open Graph tags and the artist's schema.org entry. React hoists the meta tags into <head>;
 * the page title and description are in the shell's HTML so they exist before any script runs.
 */
export function PageMetadata() {
  const content = useSiteContent();
  const title = content ? `${artist.name} · ${content.tagline}` : artist.name;
  // The shell's HTML was built with the tagline of its day; the page follows the current one.
  useEffect(() => {
    if (content) document.title = title;
  }, [content, title]);
  const general = content?.contacts.find((c) => c.label === 'General') ?? content?.contacts[0];
  return (
    <>
      <meta property="og:type" content="music.musician" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={artist.description} />
      <meta property="og:url" content={artist.siteUrl} />
      <meta property="og:image" content={`${artist.siteUrl}${artist.shareImage}`} />
      <meta name="twitter:card" content="summary_large_image" />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'MusicGroup',
          name: artist.name,
          description: artist.description,
          genre: artist.genre,
          url: artist.siteUrl,
          image: `${artist.siteUrl}${artist.portrait.src}`,
          foundingLocation: { '@type': 'Place', name: artist.hometown },
          sameAs: content?.socialLinks.map((link) => link.url),
          email: general?.email,
        }}
      />
    </>
  );
}
