import { useSiteContent } from '../features/content/contentApi.js';

/** The artist's profiles, each opening in a new tab. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const links = useSiteContent()?.socialLinks ?? [];
  return (
    <ul className={`social-links ${className}`}>
      {links.map((link) => (
        <li key={`${link.label} ${link.url}`}>
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
