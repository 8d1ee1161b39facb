import { useState } from 'react';

export const EMBED_HEIGHT = 352;

/**
 * A streaming player that loads only when the visitor asks for it: before the click the page
 * makes no request to the streaming service.
 */
export function EmbedFacade({ title, embedUrl }: { title: string; embedUrl: string }) {
  const [loaded, setLoaded] = useState(false);
  if (loaded) {
    return (
      <iframe
        className="embed"
        title={`${title} on Spotify`}
        src={embedUrl}
        width="100%"
        height={EMBED_HEIGHT}
        allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
        loading="lazy"
      />
    );
  }
  return (
    <div className="embed embed--facade" style={{ height: EMBED_HEIGHT }}>
      <p className="embed__eyebrow">Listen on Spotify</p>
      <p className="embed__title">{title}</p>
      <button type="button" className="embed__play" onClick={() => setLoaded(true)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
          <path fill="currentColor" d="M8 5v14l11-7Z" />
        </svg>
        <span>Play “{title}”</span>
      </button>
    </div>
  );
}
