import { CONTENT_PAGE_TITLES, paragraphs, type ContentPageKey } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { useSiteContent } from './contentApi.js';
import { SitePage } from './SitePage.js';

/** A page of the shop's text (shipping, returns, privacy), linked from the footer. */
export function ContentPage({ page }: { page: ContentPageKey }) {
  const content = useSiteContent();
  const title = CONTENT_PAGE_TITLES[page];
  return (
    <SitePage documentTitle={`${title} · ${artist.name}`} className="content-page">
      <h1>{title}</h1>
      {paragraphs(content?.pages[page] ?? '').map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </SitePage>
  );
}
