// One field of a lead, written the way its kind calls for (registry: contract/lead-kinds.ts).
import { rupeesText } from '../../../../../contract/bookings.ts';
import type { LeadField } from '../../../../../contract/lead-kinds.ts';
import { certificatePagePath } from '../../../../../contract/quiz/api.ts';
import { callLink, emailLink } from '../../../../../contract/templates.ts';
import { QUIZ_DOMAIN_LABELS, QUIZ_DOMAINS } from '../../../../../contract/quiz/items.ts';
import { isQuizLanguage, QUIZ_LANGUAGE_NAMES } from '../../../../../contract/quiz/options.ts';
import { formatDateTime } from '../common/format.ts';

/** Short names for the five domains in a table cell; screen readers hear the full name. */
const DOMAIN_SHORT: Record<(typeof QUIZ_DOMAINS)[number], string> = {
  extraversion: 'E',
  agreeableness: 'A',
  conscientiousness: 'C',
  emotionalStability: 'S',
  openness: 'O',
};

export function Scores({ scores, full = false }: { scores: unknown; full?: boolean }) {
  if (!scores || typeof scores !== 'object') return <span className="muted">Not taken yet</span>;
  const values = scores as Record<string, number>;
  return (
    <ul className={full ? 'scores scores--full' : 'scores'}>
      {QUIZ_DOMAINS.map((d) => (
        <li key={d} title={full ? undefined : QUIZ_DOMAIN_LABELS[d].en}>
          {full ? (
            <>
              {QUIZ_DOMAIN_LABELS[d].en}: <strong>{values[d]}%</strong>
            </>
          ) : (
            <>
              <span aria-hidden="true">{DOMAIN_SHORT[d]}</span>
              <span className="visually-hidden">{QUIZ_DOMAIN_LABELS[d].en}</span> {values[d]}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export function FieldValue({ field, item, full = false }: { field: LeadField; item: Record<string, unknown>; full?: boolean }) {
  const value = item[field.key];
  switch (field.kind) {
    case 'scores':
      return <Scores scores={value} full={full} />;
    case 'language':
      return value ? <>{isQuizLanguage(value) ? QUIZ_LANGUAGE_NAMES[value] : String(value)}</> : <span className="muted">—</span>;
    case 'certificate':
      return value ? (
        <a href={certificatePagePath(String(value))} target="_blank" rel="noopener">
          View certificate<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="muted">—</span>
      );
    case 'date':
      return <time dateTime={String(value)}>{formatDateTime(value)}</time>;
    case 'email':
      // Encoded whole: an address like x?cc=…@y stays one address.
      return value ? <a href={emailLink(String(value), '', '')}>{String(value)}</a> : null;
    case 'phone':
      return value ? <a href={callLink(String(value)) ?? `tel:${encodeURIComponent(String(value))}`}>{String(value)}</a> : null;
    case 'amount':
      return typeof value === 'number' ? <>{rupeesText(value)}</> : <span className="muted">—</span>;
    case 'longText':
      return <span className={full ? 'long-text long-text--full' : 'long-text'}>{String(value ?? '')}</span>;
    default:
      return <>{String(value ?? '')}</>;
  }
}
