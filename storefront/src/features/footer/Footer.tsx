import { Link, useLocation } from 'react-router-dom';
import { CONTENT_PAGE_TITLES, CONTENT_PAGES, REDEEM_PATH } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { SocialLinks } from '../../shared/SocialLinks.js';
import { FOOTER_LINKS, scrollToSection } from '../nav/sections.js';
import { useGetRedeemStatusQuery } from '../redeem/redeemApi.js';

export function Footer() {
  // Away from the home page the quick links lead to its sections rather than scroll, loading
  // it afresh as the header's links do (see TopNav).
  const home = useLocation().pathname === '/';
  // A fan with a download card finds where to use it, while some release has live codes.
  const codesLive = useGetRedeemStatusQuery().data?.codesLive ?? false;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">{artist.name}</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.id}>
                {home ? (
                  <button type="button" onClick={() => scrollToSection(link.id)}>
                    {link.label}
                  </button>
                ) : (
                  <a href={`/#${link.id}`}>{link.label}</a>
                )}
              </li>
            ))}
          </ul>
          <ul className="site-footer__links site-footer__pages">
            {CONTENT_PAGES.map((page) => (
              <li key={page}>
                <Link to={`/${page}`}>{CONTENT_PAGE_TITLES[page]}</Link>
              </li>
            ))}
            {codesLive && (
              <li>
                <Link to={REDEEM_PATH}>Redeem a code</Link>
              </li>
            )}
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
