import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_PATH } from '@artist/contracts';
import { useShop } from '../../app/shop.js';
import { artist } from '../../content/artist.js';
import { NAV_LINKS, scrollToSection } from './sections.js';

/** The badge text: the count, or '9+' above nine. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/**
 * The site's header. On the home page its buttons scroll to the sections; on the other pages
 * (`away`: a content page, /redeem, the 404 page) its links lead to the home page's sections. The
 * cart opens the cart panel on every page (each page mounts it, see SitePage). A section's
 * link loads the home page afresh, which then comes with its content and photos in the page as a
 * visit to `/#merch` does and lands on the section; a move within the app would scroll there
 * before the sections above it had their photos and products, which then push it out of sight.
 */
export function TopNav({ away = false }: { away?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // Without the store: the header is on the first screen, which renders before it loads.
  const { cartCount: count, openCart } = useShop();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and hands focus back to its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const go = (id: (typeof NAV_LINKS)[number]['id']) => {
    setMenuOpen(false);
    scrollToSection(id);
  };

  return (
    <header className="top-nav">
      <nav aria-label="Main">
        {away ? (
          <Link className="top-nav__logo" to="/">
            {artist.name}
          </Link>
        ) : (
          <button type="button" className="top-nav__logo" onClick={() => go('home')}>
            {artist.name}
          </button>
        )}
        <ul id="main-menu" className={`top-nav__links${menuOpen ? ' is-open' : ''}`}>
          {NAV_LINKS.map((link) => (
            <li key={link.id}>
              {away && link.id === 'home' ? (
                <Link to="/">{link.label}</Link>
              ) : away ? (
                <a href={`/#${link.id}`}>{link.label}</a>
              ) : (
                <button type="button" onClick={() => go(link.id)}>
                  {link.label}
                </button>
              )}
            </li>
          ))}
        </ul>
        <div className="top-nav__actions">
          {/* A plain link: the home page's header is also drawn before the router (first paint). */}
          <a className="top-nav__account" href={ACCOUNT_PATH}>
            Account
          </a>
          <button
            type="button"
            className="top-nav__cart"
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            onClick={openCart}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path
                fill="currentColor"
                d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2 8H7.4l.4 2H19v2H6.2L3.6 4H1V2h3.8l.4 2Z"
              />
            </svg>
            {count > 0 && (
              <span className="top-nav__badge" aria-hidden="true">
                {badgeText(count)}
              </span>
            )}
          </button>
          <button
            ref={toggleRef}
            type="button"
            className="top-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path
                fill="currentColor"
                d={
                  menuOpen
                    ? 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6Z'
                    : 'M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z'
                }
              />
            </svg>
          </button>
        </div>
      </nav>
    </header>
  );
}
