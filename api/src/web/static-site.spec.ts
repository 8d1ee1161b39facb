import { homeTitledPage, notFoundPage } from './static-site.js';

const shellPage = (name: string) =>
  `<!doctype html><html><head><meta name="application-name" content="${name}" />` +
  `<title>Wren Calloway · Singer • Songwriter • Musician</title></head><body></body></html>`;

describe('notFoundPage', () => {
  it('gives the 404 page a title of its own, with the site’s name', () => {
    expect(notFoundPage(shellPage('Wren Calloway'))).toContain(
      '<title>Page not found · Wren Calloway</title>',
    );
    expect(notFoundPage(shellPage('Wren Calloway'))).not.toContain('Musician');
  });

  it('reads the name quoted or not, keeps it escaped as it is, and leaves a nameless page whole', () => {
    expect(notFoundPage(shellPage('Rock &amp; Roll'))).toContain(
      '<title>Page not found · Rock &amp; Roll</title>',
    );
    const minified =
      '<!doctype html><html lang=en><head><title>Wren Calloway · Singer</title>' +
      '<meta name=application-name content="Wren Calloway"></head></html>';
    expect(notFoundPage(minified)).toContain('<title>Page not found · Wren Calloway</title>');
    expect(notFoundPage('<title>Home</title><meta name=application-name content=Wren>')).toBe(
      '<title>Page not found · Wren</title><meta name=application-name content=Wren>',
    );
    const nameless = '<html><head><title>Home</title></head></html>';
    expect(notFoundPage(nameless)).toBe(nameless);
  });
});

describe('homeTitledPage', () => {
  it('titles the home page with the current tagline, escaped, `$` signs as written', () => {
    expect(homeTitledPage(shellPage('Wren Calloway'), 'Songs & stories </title>')).toContain(
      '<title>Wren Calloway · Songs &amp; stories &lt;/title&gt;</title>',
    );
    expect(homeTitledPage(shellPage('Wren Calloway'), "Tees $25, $& and $'")).toContain(
      '<title>Wren Calloway · Tees $25, $&amp; and $&#39;</title>',
    );
  });
});
