import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteContent } from '@artist/contracts';
import { FirstPaint } from './FirstPaint.js';

/**
 * The navigation and hero as static HTML for the given content (none: without the tagline, links
 * and player). Bundled for Node into `dist-ssr/first-paint.cjs`, which the API loads to put the
 * current content in the home page's first paint; the build's `first-paint.html` is this without
 * content. Ids and the attributes that point at them belong to the live page alone.
 */
export function renderFirstPaint(content: SiteContent | undefined): string {
  return renderToStaticMarkup(<FirstPaint content={content} />).replace(
    / (id|aria-labelledby|aria-controls)="[^"]*"/g,
    '',
  );
}
