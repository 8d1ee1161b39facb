import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { artist } from '../../content/artist.js';
import { Footer } from '../footer/Footer.js';

/** The frame of the account's pages: the site's name home, the page, the footer. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
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
      <main id="main" tabIndex={-1} className="section content-page account">
        <div>
          <h1>{title}</h1>
          {children}
        </div>
      </main>
      <Footer />
    </>
  );
}
