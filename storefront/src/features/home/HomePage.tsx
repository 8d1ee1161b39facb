import { SECTION_IDS } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { TopNav } from '../nav/TopNav.js';

const headings: Record<(typeof SECTION_IDS)[number], string> = {
  home: artist.name,
  music: 'Music',
  about: 'About',
  shows: 'Shows',
  gallery: 'Gallery',
  merch: 'Merch',
  'email-signup': 'Stay Connected',
  contact: 'Contact',
};

export function HomePage() {
  return (
    <>
      <TopNav />
      <main>
        {SECTION_IDS.map((id) => (
          <section key={id} id={id} className="section" aria-labelledby={`${id}-heading`}>
            {id === 'home' ? (
              <>
                <h1 id="home-heading">{artist.name}</h1>
                <p className="tagline">{artist.tagline}</p>
              </>
            ) : (
              <h2 id={`${id}-heading`}>{headings[id]}</h2>
            )}
          </section>
        ))}
      </main>
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {artist.name}
        </p>
      </footer>
    </>
  );
}
