import { Meta } from '../../components/Meta.tsx';
import { NotFoundContent } from '../../components/NotFoundContent.tsx';
import { POLICY_WORDS_EN, type PolicyWords } from '../../content/policies.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';

export default function PolicyPage({ slug }: { slug: string }) {
  const w = { ...POLICY_WORDS_EN, ...usePageContent<PolicyWords>() };
  const policy = w.policies[slug];
  if (!policy) return <NotFoundContent />;
  return (
    <>
      <Meta title={policy.title} description={policy.description} />
      <section className="page-hero page-hero--compact">
        <div className="container container--narrow">
          <h1>{policy.title}</h1>
          {policy.effective && (
            <p>
              {w.effectiveLabel} {policy.effective}
            </p>
          )}
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
