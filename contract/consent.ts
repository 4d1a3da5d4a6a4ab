// Consent (India's DPDP Act 2023 and the DPDP Rules 2025): every form shows an itemised
// notice beside its submit button, WhatsApp/phone marketing is a separate opt-in (unticked),
// and the personality sign-up, and an enquiry for a school student, ask whether the person
// is 18 or older or a parent or guardian agrees (and the guardian's email). What the person
// answered travels with the submission (`consent`, inside its outbox item) and is kept with
// the lead. Optional on the wire: the spec's own client sends none.
import { isStorableText } from './text-rules.ts';

/** Changes whenever the notice's words change; each lead keeps the version it was shown. */
export const CONSENT_NOTICE_VERSION = '2026-11-23';
export type AgeAnswer = 'adult' | 'guardian';

/** What a form sends. `at`: when the person pressed submit (on their device). */
export interface ConsentInput {
  version: string;
  at: string;
  marketing: boolean;
  age?: AgeAnswer;
  guardianEmail?: string;
}
/**
 * What is stored with the lead. `basis`: for leads that came in a file (an import), how the
 * file was collected and what the people agreed to, as the importer stated it.
 */
export interface ConsentRecord extends ConsentInput {
  basis?: string;
}
/** The notice "version" of an imported lead's record: no notice of ours was shown; `basis` says what was. */
export const IMPORT_CONSENT_VERSION = 'import';
export const CONSENT_BASIS_MAX = 300;
export const CONSENT_BASIS_MIN = 10;
/** What the console says of a lead that has no consent record. */
export const NO_CONSENT_ON_RECORD = 'No consent on record';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,}$/;

export const CONSENT_MESSAGES = {
  ageRequired: 'Please tell us whether you are 18 or older, or a parent or guardian agrees',
  guardianEmail: "Please enter your parent's or guardian's email",
} as const;

/** The person's answers on a form, before they become a ConsentInput. */
export interface ConsentValues {
  marketingOptIn: boolean;
  age: '' | AgeAnswer;
  guardianEmail: string;
}
export const EMPTY_CONSENT: ConsentValues = { marketingOptIn: false, age: '', guardianEmail: '' };

/** The form's errors for its consent answers (empty when fine). */
export function consentErrors(values: ConsentValues, askAge: boolean): Partial<Record<keyof ConsentValues, string>> {
  if (!askAge) return {};
  if (values.age !== 'adult' && values.age !== 'guardian') return { age: CONSENT_MESSAGES.ageRequired };
  if (values.age === 'guardian' && !EMAIL.test(values.guardianEmail.trim())) return { guardianEmail: CONSENT_MESSAGES.guardianEmail };
  return {};
}

export function consentInput(values: ConsentValues, askAge: boolean, at: Date): ConsentInput {
  return {
    version: CONSENT_NOTICE_VERSION,
    at: at.toISOString(),
    marketing: values.marketingOptIn === true,
    ...(askAge && values.age ? { age: values.age } : {}),
    ...(askAge && values.age === 'guardian' ? { guardianEmail: values.guardianEmail.trim().toLowerCase() } : {}),
  };
}

/**
 * A body's `consent` as stored: known keys only, checked; undefined when absent or not an
 * object. A time that is not a date, or more than a day ahead of `now`, becomes `now`.
 */
export function cleanConsent(value: unknown, now: Date): ConsentRecord | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const version = typeof v.version === 'string' && v.version.length <= 40 && isStorableText(v.version) ? v.version : 'unknown';
  const at = typeof v.at === 'string' && v.at.length <= 40 ? Date.parse(v.at) : NaN;
  const when = Number.isFinite(at) && at <= now.getTime() + 86_400_000 ? new Date(at) : now;
  const record: ConsentRecord = { version, at: when.toISOString(), marketing: v.marketing === true };
  if (v.age === 'adult' || v.age === 'guardian') record.age = v.age;
  if (typeof v.basis === 'string') {
    const basis = v.basis.trim().slice(0, CONSENT_BASIS_MAX);
    if (basis && isStorableText(basis)) record.basis = basis;
  }
  if (record.age === 'guardian' && typeof v.guardianEmail === 'string') {
    const email = v.guardianEmail.trim().toLowerCase();
    if (email.length <= 254 && EMAIL.test(email) && isStorableText(email)) record.guardianEmail = email;
  }
  return record;
}

/** The consent record in a line (the console's panel and the CSV). */
export function consentSummary(record: ConsentRecord | null | undefined): string {
  if (!record) return NO_CONSENT_ON_RECORD.toLowerCase();
  const age =
    record.age === 'adult'
      ? '18 or older'
      : record.age === 'guardian'
        ? `under 18, guardian agrees (${record.guardianEmail ?? 'no email'})`
        : undefined;
  return [
    record.basis ? `imported at ${record.at}, collected on: ${record.basis}` : `notice ${record.version} at ${record.at}`,
    `WhatsApp/phone updates: ${record.marketing ? 'yes' : 'no'}`,
    ...(age ? [age] : []),
  ].join('; ');
}

/** True when the lead has a consent record (a form's answers, or an import's basis). */
export function hasConsentRecord(record: ConsentRecord | null | undefined): record is ConsentRecord {
  return record !== null && record !== undefined && typeof record === 'object';
}

/**
 * Whether automatic email (a rule's mail, a scheduled follow-up, a digest to the lead) may go
 * to a lead: only with a consent record. Every such sender asks this, and nothing else.
 */
export function mayEmailAutomatically(record: ConsentRecord | null | undefined): boolean {
  return hasConsentRecord(record);
}

/** Whether marketing may go to a lead: a consent record whose person opted in. */
export function mayMarketTo(record: ConsentRecord | null | undefined): boolean {
  return hasConsentRecord(record) && record.marketing === true;
}
