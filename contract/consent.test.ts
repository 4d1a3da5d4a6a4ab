// Who may be emailed automatically or sent marketing (contract/consent.ts): only a lead with a
// consent record, marketing only with its opt-in; an import's basis kept in the record.
import { describe, expect, it } from 'vitest';
import { cleanConsent, consentSummary, mayEmailAutomatically, mayMarketTo, NO_CONSENT_ON_RECORD, type ConsentRecord } from './consent.ts';

const now = new Date('2026-11-27T06:00:00Z');
const form: ConsentRecord = { version: '2026-11-23', at: '2026-11-27T05:00:00.000Z', marketing: true };
const imported: ConsentRecord = {
  version: 'import',
  at: '2026-11-27T05:00:00.000Z',
  marketing: false,
  basis: 'paper form at the Pune career fair, 12 Nov, consent box ticked',
};

describe('consent on record', () => {
  it('lets automatic email go only to a lead with a consent record, and marketing only with its opt-in', () => {
    for (const none of [null, undefined]) {
      expect(mayEmailAutomatically(none)).toBe(false);
      expect(mayMarketTo(none)).toBe(false);
    }
    expect(mayEmailAutomatically(form)).toBe(true);
    expect(mayMarketTo(form)).toBe(true);
    expect(mayEmailAutomatically({ ...form, marketing: false })).toBe(true);
    expect(mayMarketTo({ ...form, marketing: false })).toBe(false);
    expect(mayEmailAutomatically(imported)).toBe(true);
    expect(mayMarketTo(imported)).toBe(false);
  });

  it("keeps an import's basis, and says so of a lead without a record", () => {
    expect(cleanConsent(imported, now)).toEqual(imported);
    expect(cleanConsent({ ...imported, basis: '  \u0000  ' }, now)).not.toHaveProperty('basis');
    expect(consentSummary(imported)).toContain('collected on: paper form at the Pune career fair');
    expect(consentSummary(null)).toBe(NO_CONSENT_ON_RECORD.toLowerCase());
  });
});
