import { Link } from '../../i18n/links.tsx';
import { BlogTeaser } from '../../components/BlogTeaser.tsx';
import { Faq } from '../../components/Faq.tsx';
import { Meta } from '../../components/Meta.tsx';
import { StepCards } from '../../components/StepCards.tsx';
import { Section } from '../../components/Section.tsx';
import { StatsStrip } from '../../components/StatsStrip.tsx';
import { TestimonialCarousel } from '../../components/TestimonialCarousel.tsx';
import { SITE } from '../../config/site.ts';
import { HOME_FAQS } from '../../content/faqs.ts';
import { CLAIMS, HERO, INTRO_VIDEO, PROCESS_STEPS, STATS, type HomeWords } from '../../content/home.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';
import { formatCount } from '../../lib/numbers.ts';
import { TESTIMONIALS } from '../../content/testimonials.ts';
import { IntroVideo } from './IntroVideo.tsx';
import './home.css';

const HOME_EN: HomeWords = {
  title: `${SITE.name} — Soft-skills training in India`,
  description:
    'Live soft-skills training for college and school students, colleges, schools and companies: communication, interviews and teamwork. Free class every Tuesday.',
  hero: { ...HERO, imageAlt: HERO.image.alt },
  joinFree: 'Join For Free',
  exploreCourse: 'Explore the course',
  claimsLabel: 'Why learners choose us',
  claims: CLAIMS,
  stats: STATS,
  processTitle: 'How we work',
  steps: PROCESS_STEPS,
  faqs: HOME_FAQS,
  videoTitle: INTRO_VIDEO.title,
};

export function HomePage({ onJoinFree }: { onJoinFree: () => void }) {
  const w = { ...HOME_EN, ...usePageContent<HomeWords>() };
  return (
    <>
      <Meta title={w.title} description={w.description} />
      <section className="hero">
        <div className="container split">
          <div>
            <p className="eyebrow">{w.hero.eyebrow}</p>
            <h1 className="hero__title">{w.hero.title}</h1>
            <p className="lead">{w.hero.lead}</p>
            <div className="hero__actions">
              <button type="button" className="btn btn--accent" onClick={onJoinFree}>
                {w.joinFree}
              </button>
              <Link to="/course/soft-skills" className="btn btn--outline-light">
                {w.exploreCourse}
              </Link>
            </div>
            <p className="hero__note">{w.hero.freeClass}</p>
          </div>
          <img
            className="hero__img"
            src={HERO.image.src}
            alt={w.hero.imageAlt}
            width={HERO.image.width}
            height={HERO.image.height}
            fetchPriority="high"
          />
        </div>
        <ul className="container claims" aria-label={w.claimsLabel}>
          {w.claims.map((c) => (
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
      <StatsStrip stats={w.stats} />
      <Section headingId="process-h" title={w.processTitle}>
        <StepCards steps={w.steps} testId="process" />
      </Section>
      <TestimonialCarousel items={TESTIMONIALS} />
      <BlogTeaser />
      <Faq items={w.faqs} />
      <IntroVideo title={w.videoTitle} />
    </>
  );
}
