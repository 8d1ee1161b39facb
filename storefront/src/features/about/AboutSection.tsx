import { artist } from '../../content/artist.js';

export function AboutSection() {
  const { portrait } = artist;
  return (
    <section id="about" className="section section--alt" aria-labelledby="about-heading">
      <div className="about">
        <div>
          <h2 id="about-heading">About</h2>
          {artist.bio.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
        </div>
        <img
          className="about__portrait"
          src={portrait.src}
          width={portrait.width}
          height={portrait.height}
          alt={portrait.alt}
          loading="lazy"
          decoding="async"
        />
      </div>
    </section>
  );
}
