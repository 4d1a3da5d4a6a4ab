import { useId, useState } from 'react';
import { SITE } from '../config/site.ts';
import type { FaqItem } from '../content/types.ts';
import { IconPhone } from './Icons.tsx';
import { useChrome } from '../i18n/LangContext.tsx';
import './faq.css';

interface FaqProps {
  items: FaqItem[];
  title?: string;
  /** Show the help card with the contact phone number beside the questions. */
  helpCard?: boolean;
}

/** FAQ accordion: one item open at a time; clicking the open one closes it. */
export function Faq({ items, title, helpCard = true }: FaqProps) {
  const t = useChrome();
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <section className="section faq" aria-labelledby={`${id}-h`}>
      <div className="container faq__grid">
        <div>
          <h2 id={`${id}-h`} className="section__title">
            {title ?? t.faqTitle}
          </h2>
          <ul className="faq__list" data-testid="faq">
            {items.map((item, i) => {
              const isOpen = open === i;
              return (
                <li key={item.question} className={`faq__item${isOpen ? ' is-open' : ''}`}>
                  <h3 className="faq__q">
                    <button
                      type="button"
                      aria-expanded={isOpen}
                      aria-controls={`${id}-a${i}`}
                      id={`${id}-q${i}`}
                      onClick={() => setOpen(isOpen ? null : i)}
                    >
                      <span>{item.question}</span>
                      <span className="faq__marker" aria-hidden="true">
                        {isOpen ? '-' : '+'}
                      </span>
                    </button>
                  </h3>
                  <div id={`${id}-a${i}`} role="region" aria-labelledby={`${id}-q${i}`} className="faq__a" hidden={!isOpen}>
                    {typeof item.answer === 'string' ? (
                      <p>{item.answer}</p>
                    ) : (
                      <ul>
                        {item.answer.map((a) => (
                          <li key={a}>{a}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        {helpCard && (
          <aside className="faq__help card" aria-label={t.faqHelpLabel}>
            <h3>{t.faqHelpTitle}</h3>
            <p>{t.faqHelpText}</p>
            <a className="faq__phone" href={SITE.phoneHref}>
              <IconPhone /> {SITE.phone}
            </a>
          </aside>
        )}
      </div>
    </section>
  );
}
