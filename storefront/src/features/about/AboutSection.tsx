import { paragraphs } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { useSiteContent } from '../content/contentApi.js';

export function AboutSection() {
  const { portrait } = artist;
  const bio = paragraphs(useSiteContent()?.bio ?? '');
  return (
    <section id="about" className="section section--alt" aria-labelledby="about-heading">
      <div className="about">
        <div>
          <h2 id="about-heading">About</h2>
          {bio.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
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
