import { PARTNER_LOGOS } from '../content/logos.ts';
import { useSectionWords } from './useSectionWords.ts';
import './logo-marquee.css';

/** Trusted-by marquee: the nine logos twice in a row, scrolled by a 30 s linear CSS loop. */
export function LogoMarquee() {
  const w = useSectionWords();
  return (
    <section className="marquee section--tight" aria-labelledby="marquee-h">
      <h2 id="marquee-h" className="marquee__title">
        {w.trustedBy}
      </h2>
      <div className="marquee__viewport">
        <ul className="marquee__track" data-testid="marquee-track">
          {[0, 1].map((copy) =>
            PARTNER_LOGOS.map((logo) => (
              <li key={`${copy}-${logo.name}`} aria-hidden={copy === 1 ? true : undefined}>
                <img
                  src={logo.src}
                  alt={copy === 0 ? logo.name : ''}
                  width={logo.width}
                  height={logo.height}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            )),
          )}
        </ul>
      </div>
    </section>
  );
}
