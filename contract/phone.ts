// One rule for an Indian phone number, used wherever one is read: the forms' validation, the
// console's call and WhatsApp links, list search, people and the CSV import. Ten digits (§9);
// people type them with spaces, dashes, dots or brackets and a +91, 91 or 0 in front, and those
// are removed, so "+91 98765-43210" and "098765 43210" are both "9876543210". Anything else
// (a slash, letters, eleven digits) is not a phone number, wherever it is typed.

const SEPARATORS = /[\s\-().]/g;
const WITH_PREFIX = /^(?:\+?91|0)?(\d{10})$/;

/** The number's ten digits, or undefined when it is not a ten-digit Indian number. */
export function tenDigitPhone(text: string): string | undefined {
  return WITH_PREFIX.exec(text.replace(SEPARATORS, ''))?.[1];
}

/**
 * For validation: the ten digits when the value is a phone number; otherwise the value with its
 * separators removed (or untouched when not text), so the ten-digit rule can say what is wrong.
 */
export function normalizePhone(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const text = String(value);
  return tenDigitPhone(text) ?? text.replace(SEPARATORS, '');
}
