// Writes dist/first-paint.html: the navigation bar and the hero as static markup. The server puts
// it in the home page's HTML so the artist's name paints with the first bytes, before any script
// has run; the storefront removes it when it mounts (see src/app/FirstPaint.ts).
//   node storefront/scripts/prerender.mjs   (run by the storefront's build after webpack)
import { register } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
register(pathToFileURL(path.join(here, 'tsx-loader.mjs')).href);

const { createElement } = await import('react');
const { renderToStaticMarkup } = await import('react-dom/server');
const { FirstPaint } = await import(
  pathToFileURL(path.join(here, '../src/app/FirstPaint.tsx')).href
);

// Ids and the attributes that point at them belong to the live page alone.
const html = renderToStaticMarkup(createElement(FirstPaint)).replace(
  / (id|aria-labelledby|aria-controls)="[^"]*"/g,
  '',
);
writeFileSync(path.join(here, '../dist/first-paint.html'), html);
console.log(`first-paint.html: ${html.length} bytes`);
