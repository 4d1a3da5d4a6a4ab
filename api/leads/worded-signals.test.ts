// The worded columns every listed table keeps (migrations/lib/listed-table-2026-11-28.ts)
// say, for every shape a stored source and consent record can have, exactly what the JS
// functions the console and the first export used say: the CSV's cells are these columns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { consentSummary, type ConsentRecord } from '../../contract/consent.ts';
import { SOURCE_KEYS, touchText, type LeadSource } from '../../contract/lead-signals.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

const allKeys = Object.fromEntries(SOURCE_KEYS.map((k, i) => [k, `${k}-${i}; "q", आशा =x`]));
const SOURCES: (LeadSource | null)[] = [
  null,
  { first: { utm_source: 'instagram', landingPath: '/' } },
  { last: { referrer: 'https://www.google.com/', gclid: 'abc' } },
  { first: allKeys, last: { utm_campaign: 'diwali' } },
  // Keys stored in another order come out in touchText's.
  { first: { landingPath: '/hi/', utm_medium: 'cpc', fbclid: 'f' } },
];
const CONSENTS: (ConsentRecord | null)[] = [
  null,
  { version: 'v1', at: '2026-11-20T10:00:00.000Z', marketing: false },
  { version: 'v2', at: '2026-11-21T10:00:00.000Z', marketing: true, age: 'adult' },
  { version: 'v2', at: '2026-11-21T10:00:00.000Z', marketing: true, age: 'guardian', guardianEmail: 'parent@example.in' },
  { version: 'v2', at: '2026-11-21T10:00:00.000Z', marketing: false, age: 'guardian' },
  { version: 'import', at: '2026-11-22T04:30:00.000Z', marketing: false, basis: 'college fair, stall "4"; signed sheet' },
];

describe.each(testBackends())('the worded signals on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('word every source and consent record as touchText and consentSummary do, and follow a change', async () => {
    const cases = SOURCES.flatMap((source) => CONSENTS.map((consent) => ({ source, consent })));
    for (const [i, { source, consent }] of cases.entries()) {
      await sql`insert into contact_messages (first_name, last_name, email, phone, message, source, consent)
        values ('W', ${String(i)}, ${`w${i}@example.in`}, '9876543210', 'm', ${source && JSON.stringify(source)}::jsonb,
          ${consent && JSON.stringify(consent)}::jsonb)`.execute(database.db);
    }
    const rows = await database.db
      .selectFrom('contact_messages')
      .select(['last_name', 'source', 'consent', 'first_visit_text', 'last_visit_text', 'consent_text'])
      .where('first_name', '=', 'W')
      .execute();
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      const { source, consent } = cases[Number(row.last_name)]!;
      expect(row.first_visit_text, `case ${row.last_name}`).toBe(touchText(source?.first));
      expect(row.last_visit_text, `case ${row.last_name}`).toBe(touchText(source?.last));
      expect(row.consent_text, `case ${row.last_name}`).toBe(consentSummary(consent));
    }
    // Erasure takes the guardian's email out of a consent record: the worded text follows.
    await sql`update contact_messages set consent = consent - 'guardianEmail' where first_name = 'W'`.execute(database.db);
    const after = await database.db
      .selectFrom('contact_messages')
      .select(['consent', 'consent_text'])
      .where('first_name', '=', 'W')
      .execute();
    expect(after.some((row) => row.consent?.age === 'guardian')).toBe(true);
    for (const row of after) expect(row.consent_text).toBe(consentSummary(row.consent));
  });
});
