// What a text field may hold, checked on the phone before a submission is queued and on
// the server before anything reaches SQL. Postgres cannot store NUL in text, and neither
// NUL nor an unpaired UTF-16 surrogate in JSON: such a value used to fail the statement
// (a 500), and with it every other submission grouped into that statement. Other control
// characters have no business in a form field either: a person cannot type them, and in a
// name they end up in emails and on certificates.

/** What the rules say (not in the spec), with the field's label. */
export const TEXT_MESSAGES = {
  notAllowedCharacters: (label: string) => `${label} contains characters that are not allowed`,
  nameWithWebAddress: (label: string) => `${label} cannot contain a web address`,
} as const;

// An unpaired surrogate: a high one not followed by a low one, or a low one not preceded
// by a high one.
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';

/**
 * Free text (a message): tab and line breaks are fine; other control characters, and
 * bidirectional overrides and isolates (they make text read differently from what is
 * stored, "Trojan Source" style), are not. Right-to-left scripts need none of them.
 */
const MULTI_LINE_BAD = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]|${LONE_SURROGATE}`,
);

/**
 * One line (names, emails, phones, passwords): as free text, and no tab, line break or
 * line/paragraph separator either. Joiners (U+200C, U+200D) stay allowed: Devanagari and
 * other Indian scripts need them.
 */
const SINGLE_LINE_BAD = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]|${LONE_SURROGATE}`);

export function isStorableText(value: string, multiline = false): boolean {
  return !(multiline ? MULTI_LINE_BAD : SINGLE_LINE_BAD).test(value);
}

/**
 * A web address inside a person's name: a scheme, "www.", or a host with a common top-level
 * domain. Names are printed on certificates and greet people in emails, so a "name" like
 * "You won! Claim at https://…" would turn our mail into someone's spam. Initials with dots
 * ("A.K. Sharma") are not addresses.
 */
// Every repetition is bounded (a scheme name is short, a DNS label at most 63 characters),
// so the search stays linear in the length of the text: with unbounded ones, a 60,000
// character "name" took seconds of CPU per request.
const WEB_ADDRESS =
  /\b[a-z][a-z0-9+.-]{0,30}:\/\/|\bwww\.|\b[a-z0-9-]{1,63}\.(?:com|net|org|in|io|co|xyz|info|biz|me|ly|link|site|online|top|app|click|ru|cn|tk)\b/i;

export function containsWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value);
}

/** A schema's transform: a string without its surrounding spaces; anything else as it came. */
export const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
