import { escapeHtml } from './strings.js';

/**
 * A whole HTML page the API serves itself (the pages of emails' and download links, the test
 * checkout): not indexed, and with no script, since the site's CSP allows none inline. `title` is
 * the page's title as text; `style` its CSS and `body` its markup, written as they are.
 */
export function htmlDocument(title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
${style}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
