import { Link } from '../i18n/links.tsx';
import { CUSTOM_PLAN, PRICING_PACKAGES } from '../content/pricing.ts';
import type { PricingPackage } from '../content/types.ts';
import { Section } from './Section.tsx';
import { useSectionWords } from './useSectionWords.ts';

interface Props {
  onJoinFree: () => void;
  /** A paid package's button: the booking form for that package (its payment follows the booking). */
  onBook: (packageName: string) => void;
  /** The packages in the page's language (their titles stay the names the booking form knows). */
  packages?: PricingPackage[];
  customPlan?: { text: string; link: string };
}

/** Three packages (spec §9). The free one opens the join-free modal, a paid one the booking form. */
export function PricingSection({ onJoinFree, onBook, packages = PRICING_PACKAGES, customPlan = CUSTOM_PLAN }: Props) {
  const w = useSectionWords();
  return (
    <Section headingId="pricing-h" title={w.pricingTitle} className="pricing">
      <ul className="pricing__grid">
        {packages.map((p) => (
          <li key={p.title} className={`pricing__card card${p.highlight ? ' is-highlight' : ''}`} data-testid="package">
            {p.highlight && <span className="badge">{w.mostPopular}</span>}
            <h3>{p.title}</h3>
            <p className="pricing__price">
              <span className="pricing__note">{p.priceNote}</span>
              <strong>{p.priceText}</strong>
            </p>
            <ul className="checklist">
              {p.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {p.paymentLink ? (
              <button type="button" className={`btn ${p.highlight ? 'btn--accent' : 'btn--primary'}`} onClick={() => onBook(p.title)}>
                {p.button}
                <span className="visually-hidden"> — {p.title}</span>
              </button>
            ) : (
              <button type="button" className="btn btn--primary" onClick={onJoinFree}>
                {p.button}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="pricing__custom">
        {customPlan.text} <Link to="/contact">{customPlan.link}</Link>
      </p>
    </Section>
  );
}
