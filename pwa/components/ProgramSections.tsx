// Small content sections shared by the course and service pages.
import { brochureFileName, brochureHref, type BrochureSlug } from '../content/brochure-files.ts';
import type { CourseFeature } from '../content/types.ts';
import { fill, useLang } from '../i18n/LangContext.tsx';
import { Section } from './Section.tsx';
import { StepCards, type Step } from './StepCards.tsx';
import { useSectionWords } from './useSectionWords.ts';

/**
 * The programme's brochure in the page's language, a PDF made at build time from this page's
 * content (content/brochures.ts); `title` is the programme's name as the page shows it.
 */
export function DownloadPdf({ slug, title }: { slug: BrochureSlug; title: string }) {
  const w = useSectionWords();
  const lang = useLang();
  return (
    <a className="btn btn--outline" href={brochureHref(slug, lang)} download={brochureFileName(title, lang)} type="application/pdf">
      {w.downloadPdf}
      <span className="visually-hidden">{fill(w.brochureOf, { title })}</span>
    </a>
  );
}

interface FeatureGridProps {
  title: string;
  features: CourseFeature[];
  brochure: { slug: BrochureSlug; title: string };
}

export function FeatureGrid({ title, features, brochure }: FeatureGridProps) {
  return (
    <Section headingId="features-h" title={title} action={<DownloadPdf {...brochure} />}>
      <ul className="feature-grid" data-testid="features">
        {features.map((f) => (
          <li key={f.title} className="card">
            <h3>{f.title}</h3>
            <p>{f.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function BenefitList({ title, items, testId }: { title: string; items: string[]; testId?: string }) {
  return (
    <div className="benefits card">
      <h3>{title}</h3>
      <ul className="checklist" data-testid={testId}>
        {items.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </div>
  );
}

export function Steps({ title, steps }: { title: string; steps: readonly Step[] }) {
  return (
    <Section headingId="steps-h" title={title} className="section--alt">
      <StepCards steps={steps} testId="steps" />
    </Section>
  );
}
