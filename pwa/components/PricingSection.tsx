import { Link } from 'react-router-dom';
import { CUSTOM_PLAN, PRICING_PACKAGES } from '../content/pricing.ts';
import { Section } from './Section.tsx';

/** Three packages (spec §9). The free one opens the join-free modal through `onJoinFree`. */
export function PricingSection({ onJoinFree }: { onJoinFree: () => void }) {
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
              <a
                className={`btn ${p.highlight ? 'btn--accent' : 'btn--primary'}`}
                href={p.paymentLink}
                target="_blank"
                rel="noopener noreferrer"
              >
                {p.button}
                <span className="visually-hidden"> — {p.title} (opens payment page in a new tab)</span>
              </a>
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
