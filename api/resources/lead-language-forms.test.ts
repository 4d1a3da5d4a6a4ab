// The forms the Hindi course and programme pages open (the enquiry, join-for-free, booking
// and proposal forms, and the UTR after a UPI payment): each submission from a Hindi page is
// stored with its language and answered in Hindi, its rules' messages included. On PGlite
// and, with TEST_DATABASE_URL, on Postgres.
import { describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingReferenceOf, NEXT_BATCH } from '../../contract/bookings.ts';
import { IDEMPOTENCY_HEADER } from '../../contract/api.ts';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { MESSAGES_HI } from '../../contract/messages-hi.ts';
import { postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';

const HINDI = { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const DEVANAGARI = /[\u0900-\u097F]/;

const person = (tag: string) => ({ name: 'आशा राव', email: `${tag}@example.in`, phone: '98765 00400', lang: 'hi' });

const FORMS = {
  enquiries: {
    path: LEAD_PATHS.enquiry,
    body: (tag: string) => ({ ...person(tag), background: 'College Student', course: 'Soft Skills' }),
  },
  free_join_users: { path: LEAD_PATHS.freeJoin, body: (tag: string) => person(tag) },
  bookings: {
    path: LEAD_PATHS.booking,
    body: (tag: string) => ({
      ...person(tag),
      programme: 'Skill for Colleges',
      package: 'Elite',
      batch: NEXT_BATCH,
      reference: bookingReferenceOf(crypto.randomUUID()),
    }),
  },
  proposals: {
    path: LEAD_PATHS.proposal,
    body: (tag: string) => ({
      ...person(tag),
      programme: 'Skill for Schools',
      organisation: 'सरकारी विद्यालय, पुणे',
      role: 'प्रधानाचार्य',
      city: 'पुणे',
      participants: 1_500,
      preferredMonths: 'जनवरी–फ़रवरी',
      message: '',
    }),
  },
} as const;

describe.each(testBackends())('the Hindi course and programme forms on $name', (backend) => {
  const t = useTestApp(backend, { upi: { vpa: 'skillup@okicici', name: 'SkillUp Soft Skills Academy' } });
  const stored = (table: keyof typeof FORMS, email: string) =>
    t.database.db.selectFrom(table).select(['site_language']).where('email', '=', email).executeTakeFirstOrThrow();

  for (const [table, form] of Object.entries(FORMS) as Array<[keyof typeof FORMS, (typeof FORMS)[keyof typeof FORMS]]>) {
    it(`${table}: stored with site_language 'hi' and answered in Hindi`, async () => {
      const tag = `hi-${table}`;
      const res = await postJson(t.app, form.path, form.body(tag), { ...HINDI, [IDEMPOTENCY_HEADER]: `${tag}-1` });
      expect(res.status).toBe(201);
      expect(res.headers.get('content-language')).toBe('hi');
      expect(((await res.json()) as { message: string }).message).toMatch(DEVANAGARI);
      expect(await stored(table, `${tag}@example.in`)).toEqual({ site_language: 'hi' });
    });
  }

  it('a refused proposal or booking is told why in Hindi, each field in Hindi words', async () => {
    const proposal = await postJson(t.app, LEAD_PATHS.proposal, { programme: 'x', participants: 0, email: 'asha@example' }, HINDI);
    expect(proposal.status).toBe(400);
    const { errors } = (await proposal.json()) as { errors: Record<string, string> };
    expect(errors).toMatchObject({
      programme: 'कृपया एक प्रोग्राम चुनें',
      role: 'आपका पद भरना ज़रूरी है',
      city: 'शहर भरना ज़रूरी है',
      participants: 'लोगों की संख्या कम से कम 1 होनी चाहिए',
      preferredMonths: 'पसंद के महीने भरना ज़रूरी है',
      email: MESSAGES_HI.invalidEmail,
    });
    const booking = await postJson(t.app, LEAD_PATHS.booking, { programme: 'Skill for Colleges', package: 'Gold' }, HINDI);
    expect(((await booking.json()) as { errors: Record<string, string> }).errors).toMatchObject({
      package: 'कृपया एक पैकेज चुनें',
      batch: 'कृपया एक बैच चुनें',
    });
  });

  it('the UTR after a UPI payment is answered in Hindi', async () => {
    const body = FORMS.bookings.body('hi-utr');
    await postJson(t.app, LEAD_PATHS.booking, body, HINDI);
    const saved = await postJson(t.app, BOOKING_PATHS.utr, { reference: body.reference, utr: '412345678901' }, HINDI);
    expect(((await saved.json()) as { message: string }).message).toBe(MESSAGES_HI.utrSaved);
    const unknown = await postJson(
      t.app,
      BOOKING_PATHS.utr,
      { reference: bookingReferenceOf(crypto.randomUUID()), utr: '412345678901' },
      HINDI,
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(MESSAGES_HI.bookingNotFound);
    const bad = await postJson(t.app, BOOKING_PATHS.utr, { reference: body.reference, utr: '12' }, HINDI);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.utr).toBe('UTR में 12 से 22 अक्षर और अंक होते हैं');
  });
});
