import { artist } from '../../content/artist.js';
import { SocialLinks } from '../../shared/SocialLinks.js';
import { FOOTER_LINKS, scrollToSection } from '../nav/sections.js';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">{artist.name}</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.id}>
                <button type="button" onClick={() => scrollToSection(link.id)}>
                  {link.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks className="social-links--light" />
        <p className="site-footer__copy">
          © {new Date().getFullYear()} {artist.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
