import { spotifyEmbedUrl, type Recording as RecordingContent } from '@artist/contracts';
import { EmbedFacade } from '../embeds/EmbedFacade.js';

/** A recording's player (from its Spotify link) and its other links, each set one shown. */
export function Recording({ recording }: { recording: RecordingContent }) {
  const embedUrl = spotifyEmbedUrl(recording.spotifyUrl);
  const links = [
    { label: 'Apple Music', url: recording.appleMusicUrl },
    { label: 'YouTube', url: recording.youtubeUrl },
  ].filter((link) => link.url !== '');
  return (
    <>
      {embedUrl && <EmbedFacade title={recording.title} embedUrl={embedUrl} />}
      {links.length > 0 && (
        <ul className="recording__links">
          {links.map((link) => (
            <li key={link.label}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${recording.title} on ${link.label} (opens in a new tab)`}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
