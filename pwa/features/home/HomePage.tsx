import { Link } from 'react-router-dom';
import { BlogTeaser } from '../../components/BlogTeaser.tsx';
import { Faq } from '../../components/Faq.tsx';
import { Meta } from '../../components/Meta.tsx';
import { StatsStrip } from '../../components/StatsStrip.tsx';
import { TestimonialCarousel } from '../../components/TestimonialCarousel.tsx';
import { SITE } from '../../config/site.ts';
import { HOME_FAQS } from '../../content/faqs.ts';
import { CLAIMS, HERO, PROCESS_STEPS, STATS } from '../../content/home.ts';
import { TESTIMONIALS } from '../../content/testimonials.ts';
import { IntroVideo } from './IntroVideo.tsx';

export function HomePage({ onJoinFree }: { onJoinFree: () => void }) {
  return (
    <>
      <Meta
        title={`${SITE.name} — Soft-skills training in India`}
        description="Live soft-skills training for college and school students, colleges, schools and companies: communication, interviews and teamwork. Free class every Tuesday."
      />
      <section className="hero">
        <div className="container split">
          <div>
            <p className="eyebrow">{HERO.eyebrow}</p>
            <h1 className="hero__title">{HERO.title}</h1>
            <p className="lead">{HERO.lead}</p>
            <div className="hero__actions">
              <button type="button" className="btn btn--accent" onClick={onJoinFree}>
                Join For Free
              </button>
              <Link to="/course/soft-skills" className="btn btn--outline-light">
                Explore the course
              </Link>
            </div>
            <p className="hero__note">{HERO.freeClass}</p>
          </div>
          <img className="hero__img" src={HERO.image.src} alt={HERO.image.alt} width={HERO.image.width} height={HERO.image.height} fetchPriority="high" />
        </div>
        <ul className="container claims" aria-label="Why learners choose us">
          {CLAIMS.map((c) => (
            <li key={c.label}>
              <strong>{c.value}</strong> {c.label}
            </li>
          ))}
        </ul>
      </section>
      <StatsStrip stats={STATS} />
      <section className="section" aria-labelledby="process-h">
        <div className="container">
          <h2 id="process-h" className="section__title">
            How we work
          </h2>
          <ol className="steps steps--four" data-testid="process">
            {PROCESS_STEPS.map((s, i) => (
              <li key={s.title} className="card">
                <span className="steps__n" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <TestimonialCarousel items={TESTIMONIALS} />
      <BlogTeaser />
      <Faq items={HOME_FAQS} />
      <IntroVideo />
    </>
  );
}
