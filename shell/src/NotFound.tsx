import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { notFoundTitle } from '@artist/contracts';

/** The site's name, as the shell's HTML states it (`<meta name="application-name">`). */
export function siteName(): string {
  return (
    document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || 'Home'
  );
}

/**
 * An unknown address: the site's header, so the visitor still knows where they are, a title of
 * its own, and links home and to the sections most visitors come for.
 */
export function NotFound() {
  const name = siteName();
  useEffect(() => {
    const previous = document.title;
    document.title = notFoundTitle(name);
    return () => {
      document.title = previous;
    };
  }, [name]);

  return (
    <>
      <header className="shell-header">
        <Link className="shell-header__name" to="/">
          {name}
        </Link>
        <nav aria-label="Site">
          <a href="/#music">Music</a>
          <a href="/#shows">Shows</a>
          <a href="/#merch">Merch</a>
        </nav>
      </header>
      <main className="shell-message">
        <h1>404 Page Not Found</h1>
        <p>The page you’re looking for doesn’t exist or has moved.</p>
        <Link className="shell-button" to="/">
          Back to the home page
        </Link>
      </main>
    </>
  );
}
