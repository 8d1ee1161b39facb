import { useSiteContent } from '../content/contentApi.js';
import { Recording } from './Recording.js';

export function MusicSection() {
  const tracks = useSiteContent()?.tracks ?? [];
  return (
    <section id="music" className="section" aria-labelledby="music-heading">
      <h2 id="music-heading">Music</h2>
      <div className="music-grid">
        {tracks.map((track, index) => (
          <div key={`${index} ${track.title}`}>
            <h3>{track.title}</h3>
            <Recording recording={track} />
          </div>
        ))}
      </div>
    </section>
  );
}
