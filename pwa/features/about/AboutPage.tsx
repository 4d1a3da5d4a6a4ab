import { Faq } from '../../components/Faq.tsx';
import { Meta } from '../../components/Meta.tsx';
import { Section } from '../../components/Section.tsx';
import { ABOUT, ABOUT_EN, type AboutWords } from '../../content/about.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';

export default function AboutPage() {
  const w = { ...ABOUT_EN, ...usePageContent<AboutWords>() };
  return (
    <>
      <Meta title={w.title} description={w.description} />
      <section className="page-hero">
        <div className="container">
          <h1>{w.heading}</h1>
          <p className="lead">{w.intro}</p>
        </div>
      </section>
      <section className="section" aria-label={w.missionVisionLabel}>
        <div className="container two-col">
          <div className="card">
            <h2>{w.missionTitle}</h2>
            <p>{w.mission}</p>
          </div>
          <div className="card">
            <h2>{w.visionTitle}</h2>
            <p>{w.vision}</p>
          </div>
        </div>
      </section>
      <Section headingId="values-h" title={w.valuesTitle} className="section--alt">
        <ul className={w.values.length === 4 ? 'feature-grid feature-grid--four' : 'feature-grid'}>
          {w.values.map((v) => (
            <li key={v.title} className="card">
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section headingId="founders-h" title={w.foundersTitle}>
        <div className="two-col">
          {ABOUT.founders.map(({ image }, i) => {
            const f = w.founders[i] ?? ABOUT_EN.founders[i]!;
            return (
              <article key={image.src} className="card founder" data-testid="founder">
                <img src={image.src} alt={f.imageAlt} width={image.width} height={image.height} loading="lazy" decoding="async" />
                <div>
                  <h3>{f.name}</h3>
                  <p className="founder__role">{f.role}</p>
                  {f.bio.map((p) => (
                    <p key={p.slice(0, 20)}>{p}</p>
                  ))}
                </div>
              </article>
            );
          })}
        </div>
      </Section>
      <Faq items={w.faqs} />
    </>
  );
}
