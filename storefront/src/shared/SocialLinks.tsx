import { artist } from '../content/artist.js';

/** The artist's six profiles, each opening in a new tab. */
export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`social-links ${className}`}>
      {artist.socialLinks.map((link) => (
        <li key={link.label}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} (opens in a new tab)`}
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
