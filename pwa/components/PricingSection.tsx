import { Link } from '../i18n/links.tsx';
import { CUSTOM_PLAN, PRICING_PACKAGES } from '../content/pricing.ts';
import { Section } from './Section.tsx';

interface Props {
  onJoinFree: () => void;
  /** A paid package's button: the booking form for that package (its payment follows the booking). */
  onBook: (packageName: string) => void;
}

/** Three packages (spec §9). The free one opens the join-free modal, a paid one the booking form. */
export function PricingSection({ onJoinFree, onBook }: Props) {
  return (
    <Section headingId="pricing-h" title="Pricing packages" className="pricing">
      <ul className="pricing__grid">
        {PRICING_PACKAGES.map((p) => (
          <li key={p.title} className={`pricing__card card${p.highlight ? ' is-highlight' : ''}`} data-testid="package">
            {p.highlight && <span className="badge">Most popular</span>}
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
        {CUSTOM_PLAN.text} <Link to="/contact">{CUSTOM_PLAN.link}</Link>
      </p>
    </Section>
  );
}
