import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { CONTENT_PAGE_TITLES, paragraphs, type ContentPageKey } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { Footer } from '../footer/Footer.js';
import { useSiteContent } from './contentApi.js';

/** A page of the shop's text (shipping, returns, privacy), linked from the footer. */
export function ContentPage({ page }: { page: ContentPageKey }) {
  const content = useSiteContent();
  const title = CONTENT_PAGE_TITLES[page];
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${artist.name}`;
    return () => {
      document.title = before;
    };
  }, [title]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-nav">
        <nav aria-label="Main">
          <Link className="top-nav__logo" to="/">
            {artist.name}
          </Link>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="section content-page">
        <div>
          <h1>{title}</h1>
          {paragraphs(content?.pages[page] ?? '').map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </main>
      <Footer />
    </>
  );
}
