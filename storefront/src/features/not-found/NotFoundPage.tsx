import { Link } from 'react-router-dom';
import { notFoundTitle } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { SitePage } from '../content/SitePage.js';

/**
 * An address the site does not know (the server answers it with HTTP 404): the site's own header
 * and footer, so the visitor still knows where they are, a title of its own, and a way home.
 */
export function NotFoundPage() {
  return (
    <SitePage documentTitle={notFoundTitle(artist.name)} className="content-page">
      <h1>404 Page Not Found</h1>
      <p>The page you’re looking for doesn’t exist or has moved.</p>
      <Link className="button" to="/">
        Back to the home page
      </Link>
    </SitePage>
  );
}
