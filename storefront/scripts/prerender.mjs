// Writes dist/first-paint.html: the navigation bar and the hero as static markup, without the
// artist's content, from the server renderer webpack has just built (dist-ssr/first-paint.cjs,
// from src/app/firstPaintServer.tsx). The API renders the first paint with the current content
// from that renderer and falls back to this file without it (see docs/storefront.md).
//   node storefront/scripts/prerender.mjs   (run by the storefront's build after webpack)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { renderFirstPaint } = createRequire(import.meta.url)('../dist-ssr/first-paint.cjs');

const html = renderFirstPaint(undefined);
writeFileSync(path.join(here, '../dist/first-paint.html'), html);
console.log(`first-paint.html: ${html.length} bytes`);
