// What a public form sends beside its fields, for every lead kind: where the visitor came
// from (first and last touch), and two signs of a bot (a honeypot field people never see,
// and how soon after the form was shown it was sent). All optional: the spec's own client
// sends none of it and keeps working. Plain functions, no yup: the PWA's outbox carries
// these in each item, and the server reads them from the raw body before validation.
import { isStorableText } from './text-rules.ts';

/** The keys a touch may hold; anything else is dropped. */
export const SOURCE_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'referrer',
  'landingPath',
] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];
/** The URL parameters a landing is read from (the rest of SOURCE_KEYS are the referrer and path). */
export const CAMPAIGN_PARAMS = SOURCE_KEYS.filter((k) => k !== 'referrer' && k !== 'landingPath');

/** Each value is cut to this many characters (a referrer with a long query string, say). */
export const SOURCE_VALUE_MAX = 200;

export type SourceTouch = Partial<Record<SourceKey, string>>;
export interface LeadSource {
  /** The visitor's first landing on this device: never overwritten. */
  first?: SourceTouch;
  /** The latest landing that came from a campaign or another site. */
  last?: SourceTouch;
}

/** The honeypot: a text field named like one a bot fills in, hidden from people. */
export const HONEYPOT_FIELD = 'website';
/** How long the form was on screen before it was sent, in milliseconds. */
export const FILL_TIME_FIELD = 'fillMs';
/** A form sent sooner than this after it was first shown is a bot's. */
export const MIN_FILL_MS = 3000;

/** Control characters, unpaired surrogates and the like are removed, not refused: a source is never worth losing a lead over. */
function cleanValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let text = '';
  // Whole characters only: cutting at a code unit could leave half an emoji, which the
  // database refuses (and the lead with it).
  for (const ch of value) {
    if (text.length + ch.length > SOURCE_VALUE_MAX) break;
    if (isStorableText(ch)) text += ch;
  }
  text = text.trim();
  return text === '' ? undefined : text;
}

function cleanTouch(value: unknown): SourceTouch | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const touch: SourceTouch = {};
  for (const key of SOURCE_KEYS) {
    const v = cleanValue((value as Record<string, unknown>)[key]);
    if (v !== undefined) touch[key] = v;
  }
  return Object.keys(touch).length > 0 ? touch : undefined;
}

/** A body's `source`, with only the known keys, each a capped string; undefined when nothing is left. */
export function cleanSource(value: unknown): LeadSource | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const first = cleanTouch((value as Record<string, unknown>).first);
  const last = cleanTouch((value as Record<string, unknown>).last);
  if (!first && !last) return undefined;
  return { ...(first ? { first } : {}), ...(last ? { last } : {}) };
}

/** A touch in a line: `utm_source=instagram; landingPath=/` (the CSV, the alert email). */
export function touchText(touch: SourceTouch | undefined): string {
  return touch
    ? SOURCE_KEYS.filter((k) => touch[k] !== undefined)
        .map((k) => `${k}=${touch[k]}`)
        .join('; ')
    : '';
}

/** The utm_source a lead is filed under: its last touch's, else its first's. */
export function leadUtmSource(source: LeadSource | undefined): string | undefined {
  return source?.last?.utm_source ?? source?.first?.utm_source;
}

/** True when a body shows a bot's hand: the honeypot filled in, or sent sooner than `minFillMs` after the form was shown. */
export function looksLikeBot(body: unknown, minFillMs: number = MIN_FILL_MS): boolean {
  if (!body || typeof body !== 'object') return false;
  const record = body as Record<string, unknown>;
  const trap = record[HONEYPOT_FIELD];
  if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) return true;
  const fill = record[FILL_TIME_FIELD];
  return typeof fill === 'number' && Number.isFinite(fill) && fill >= 0 && fill < minFillMs;
}
