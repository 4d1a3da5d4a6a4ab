// Small content sections shared by the course and service pages.
import type { CourseFeature } from '../content/types.ts';

export function DownloadPdf() {
  return (
    <button type="button" className="btn btn--outline">
      Download Pdf
    </button>
  );
}

export function FeatureGrid({ title, features }: { title: string; features: CourseFeature[] }) {
  return (
    <section className="section" aria-labelledby="features-h">
      <div className="container">
        <div className="section__head">
          <h2 id="features-h" className="section__title">
            {title}
          </h2>
          <DownloadPdf />
        </div>
        <ul className="feature-grid" data-testid="features">
          {features.map((f) => (
            <li key={f.title} className="card">
              <h3>{f.title}</h3>
              <p>{f.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
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

export function Steps({ title, steps }: { title: string; steps: { title: string; text: string }[] }) {
  return (
    <section className="section section--alt" aria-labelledby="steps-h">
      <div className="container">
        <h2 id="steps-h" className="section__title">
          {title}
        </h2>
        <ol className="steps" data-testid="steps">
          {steps.map((s, i) => (
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
  );
}
