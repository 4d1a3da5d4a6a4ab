import { Faq } from '../../components/Faq.tsx';
import { Meta } from '../../components/Meta.tsx';
import { Section } from '../../components/Section.tsx';
import { SITE } from '../../config/site.ts';
import { ABOUT } from '../../content/about.ts';
import { ABOUT_FAQS } from '../../content/faqs.ts';

export default function AboutPage() {
  return (
    <>
      <Meta title="About Us" description={`Our mission, vision and values, and the founders behind ${SITE.name}.`} />
      <section className="page-hero">
        <div className="container">
          <h1>About Us</h1>
          <p className="lead">{ABOUT.intro}</p>
        </div>
      </section>
      <section className="section" aria-label="Mission and vision">
        <div className="container two-col">
          <div className="card">
            <h2>Our Mission</h2>
            <p>{ABOUT.mission}</p>
          </div>
          <div className="card">
            <h2>Our Vision</h2>
            <p>{ABOUT.vision}</p>
          </div>
        </div>
      </section>
      <Section headingId="values-h" title="Our Values" className="section--alt">
        <ul className={ABOUT.values.length === 4 ? 'feature-grid feature-grid--four' : 'feature-grid'}>
          {ABOUT.values.map((v) => (
            <li key={v.title} className="card">
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section headingId="founders-h" title="Meet the founders">
        <div className="two-col">
          {ABOUT.founders.map((f) => (
            <article key={f.name} className="card founder" data-testid="founder">
              <img src={f.image.src} alt={f.image.alt} width={f.image.width} height={f.image.height} loading="lazy" decoding="async" />
              <div>
                <h3>{f.name}</h3>
                <p className="founder__role">{f.role}</p>
                {f.bio.map((p) => (
                  <p key={p.slice(0, 20)}>{p}</p>
                ))}
              </div>
            </article>
          ))}
        </div>
      </Section>
      <Faq items={ABOUT_FAQS} />
    </>
  );
}
