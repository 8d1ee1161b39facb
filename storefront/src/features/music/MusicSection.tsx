import { artist } from '../../content/artist.js';
import { EmbedFacade } from '../embeds/EmbedFacade.js';

export function MusicSection() {
  return (
    <section id="music" className="section" aria-labelledby="music-heading">
      <h2 id="music-heading">Music</h2>
      <div className="music-grid">
        {artist.tracks.map((track) => (
          <div key={track.title}>
            <h3>{track.title}</h3>
            <EmbedFacade title={track.title} embedUrl={track.embedUrl} />
          </div>
        ))}
      </div>
    </section>
  );
}
