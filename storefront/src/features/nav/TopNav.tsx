import { artist } from '../../content/artist.js';
import { NAV_LINKS, scrollToSection } from './sections.js';

export function TopNav() {
  return (
    <header className="top-nav">
      <nav aria-label="Main">
        <button type="button" className="top-nav__logo" onClick={() => scrollToSection('home')}>
          {artist.name}
        </button>
        <ul className="top-nav__links">
          {NAV_LINKS.map((link) => (
            <li key={link.id}>
              <button type="button" onClick={() => scrollToSection(link.id)}>
                {link.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
