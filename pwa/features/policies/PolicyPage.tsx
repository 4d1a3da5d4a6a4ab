import { Meta } from '../../components/Meta.tsx';
import { NotFoundContent } from '../../components/NotFoundContent.tsx';
import { POLICIES } from '../../content/policies.ts';

export default function PolicyPage({ slug }: { slug: string }) {
  const policy = POLICIES[slug];
  if (!policy) return <NotFoundContent />;
  return (
    <>
      <Meta title={policy.title} description={policy.description} />
      <section className="page-hero page-hero--compact">
        <div className="container container--narrow">
          <h1>{policy.title}</h1>
          {policy.effective && <p>Effective date: {policy.effective}</p>}
        </div>
      </section>
      <section className="section">
        <div className="container container--narrow prose">
          {policy.sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p) => (
                <p key={p.slice(0, 24)}>{p}</p>
              ))}
            </section>
          ))}
        </div>
      </section>
    </>
  );
}
