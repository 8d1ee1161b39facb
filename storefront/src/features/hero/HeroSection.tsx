import { artist } from '../../content/artist.js';
import { SocialLinks } from '../../shared/SocialLinks.js';
import { EmbedFacade } from '../embeds/EmbedFacade.js';

export function HeroSection() {
  return (
    <section id="home" className="section hero" aria-labelledby="home-heading">
      <div className="hero__inner">
        <div className="hero__text">
          <h1 id="home-heading">{artist.name}</h1>
          <p className="hero__tagline">{artist.tagline}</p>
          <SocialLinks className="social-links--light" />
        </div>
        <div className="hero__player">
          <p className="hero__label">Latest single</p>
          <EmbedFacade title={artist.latestSingle.title} embedUrl={artist.latestSingle.embedUrl} />
        </div>
      </div>
    </section>
  );
}
