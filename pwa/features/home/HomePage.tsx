import { Link } from 'react-router-dom';
import { BlogTeaser } from '../../components/BlogTeaser.tsx';
import { Faq } from '../../components/Faq.tsx';
import { Meta } from '../../components/Meta.tsx';
import { StepCards } from '../../components/ProgramSections.tsx';
import { Section } from '../../components/Section.tsx';
import { StatsStrip } from '../../components/StatsStrip.tsx';
import { TestimonialCarousel } from '../../components/TestimonialCarousel.tsx';
import { SITE } from '../../config/site.ts';
import { HOME_FAQS } from '../../content/faqs.ts';
import { CLAIMS, HERO, PROCESS_STEPS, STATS } from '../../content/home.ts';
import { formatCount } from '../../lib/numbers.ts';
import { TESTIMONIALS } from '../../content/testimonials.ts';
import { IntroVideo } from './IntroVideo.tsx';
import './home.css';

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
          <img
            className="hero__img"
            src={HERO.image.src}
            alt={HERO.image.alt}
            width={HERO.image.width}
            height={HERO.image.height}
            fetchPriority="high"
          />
        </div>
        <ul className="container claims" aria-label="Why learners choose us">
          {CLAIMS.map((c) => (
            <li key={c.label}>
              <strong>
                {formatCount(c.value)}
                {c.suffix}
              </strong>{' '}
              {c.label}
            </li>
          ))}
        </ul>
      </section>
      <StatsStrip stats={STATS} />
      <Section headingId="process-h" title="How we work">
        <StepCards steps={PROCESS_STEPS} testId="process" />
      </Section>
      <TestimonialCarousel items={TESTIMONIALS} />
      <BlogTeaser />
      <Faq items={HOME_FAQS} />
      <IntroVideo />
    </>
  );
}
