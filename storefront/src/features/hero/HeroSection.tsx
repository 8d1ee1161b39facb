import { artist } from '../../content/artist.js';
import { SocialLinks } from '../../shared/SocialLinks.js';
import { useSiteContent } from '../content/contentApi.js';
import { Recording } from '../music/Recording.js';

export function HeroSection() {
  const content = useSiteContent();
  return (
    <section id="home" className="section hero" aria-labelledby="home-heading">
      <div className="hero__inner">
        <div className="hero__text">
          <h1 id="home-heading">{artist.name}</h1>
          <p className="hero__tagline">{content?.tagline}</p>
          <SocialLinks className="social-links--light" />
        </div>
        {content && (
          <div className="hero__player">
            <p className="hero__label">Latest single</p>
            <Recording recording={content.featured} />
          </div>
        )}
      </div>
    </section>
  );
}
