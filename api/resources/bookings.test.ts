// Seat bookings and proposal requests through the API, on PGlite
// and, with TEST_DATABASE_URL, on Postgres: validation with the forms' messages, exactly
// once per Idempotency-Key, the admin lists and CSV, erasure; and a booking's payment (the
// options the form reads, the visitor's UTR, an admin confirming it) and the batches.
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, bookingReferenceOf, NEXT_BATCH } from '../../contract/bookings.ts';
import { CONSOLE_PATHS, leadPath } from '../../contract/console.ts';
import { LEAD_KINDS, LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../contract/api.ts';
import { eraseByToken } from '../leads/erasure.ts';
import { hashLinkToken } from '../auth/link-tokens.ts';
import { adminToken, memberToken } from '../testing/admin.ts';
import { postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';
import { BOOKING_MESSAGES } from './bookings.ts';

const booking = (over: object = {}) => ({
  programme: 'Soft Skill For Students',
  package: 'Elevate',
  batch: NEXT_BATCH,
  name: 'Asha Booker',
  email: 'asha.booker@example.in',
  phone: '9876512340',
  reference: bookingReferenceOf(crypto.randomUUID()),
  ...over,
});
const proposal = (over: object = {}) => ({
  programme: 'Skill for Colleges',
  organisation: 'Hansraj College',
  name: 'Dr Meera Iyer',
  role: 'Placement officer',
  email: 'placements@hansraj.example.in',
  phone: '9811122233',
  city: 'New Delhi',
  participants: 120,
  preferredMonths: 'January–February',
  message: 'Final-year students before the placement season.',
  ...over,
});

const UPI = { vpa: 'skillup@okicici', name: 'SkillUp Soft Skills Academy' };

describe.each(testBackends())('bookings and proposals on $name', (backend) => {
  const t = useTestApp(backend, {
    upi: UPI,
    paymentLinks: { Elevate: 'https://pay.example.in/elevate', Elite: 'https://pay.example.in/elite' },
  });
  let admin: string;
  beforeAll(async () => {
    admin = await adminToken(t.database.db, 'bookings.admin@example.in');
  });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token = admin) => Promise.resolve(t.app.request(path, { headers: as(token) }));
  const send = (method: string, path: string, body: unknown, token = admin) =>
    Promise.resolve(
      t.app.request(path, { method, headers: { ...as(token), 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    );

  describe('POST /api/v1/bookings', () => {
    it('emails the reference and how to pay as soon as the booking is made, once however often it is sent', async () => {
      const body = booking({ email: `mailed.${crypto.randomUUID().slice(0, 8)}@example.in` });
      const key = crypto.randomUUID();
      for (let i = 0; i < 2; i++)
        expect([201, 200]).toContain((await postJson(t.app, LEAD_PATHS.booking, body, { [IDEMPOTENCY_HEADER]: key })).status);
      const mails = await t.database.db
        .selectFrom('mail_queue')
        .select(['subject', 'text_body'])
        .where('to_address', '=', body.email)
        .execute();
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toContain(body.reference);
      for (const line of [
        `Your booking reference: ${body.reference}`,
        'Pay ₹2,499 within 3 days to keep it.',
        `https://pay.example.in/elevate?reference=${body.reference}`,
        'Payee: SkillUp Soft Skills Academy',
        'UPI ID: skillup@okicici',
      ]) {
        expect(mail!.text_body).toContain(line);
      }
    });

    it('stores the booking with the amount of its package (never the client’s) and answers with its reference', async () => {
      const body = booking({ package: 'Elite', amount: 1 });
      const res = await postJson(t.app, LEAD_PATHS.booking, body);
      expect(res.status).toBe(201);
      const answer = await res.json();
      expect(answer).toMatchObject({ success: true, message: MESSAGES.bookingSuccess });
      expect(answer.data).toMatchObject({
        reference: body.reference,
        amount: 7499,
        paymentStatus: 'payment-pending',
        utr: null,
        package: 'Elite',
      });
    });

    it('gives a reference to a booking sent without one', async () => {
      const { reference, ...rest } = booking();
      void reference;
      const answer = await (await postJson(t.app, LEAD_PATHS.booking, rest)).json();
      expect(answer.data.reference).toMatch(/^SU-[0-9A-F]{10}$/);
    });

    it('checks every field with the form’s messages', async () => {
      const res = await postJson(t.app, LEAD_PATHS.booking, { reference: 'not-a-reference', package: 'Gold', programme: 'Knitting' });
      expect(res.status).toBe(400);
      const { errors } = await res.json();
      expect(Object.keys(errors).sort()).toEqual(['batch', 'email', 'name', 'package', 'phone', 'programme', 'reference']);
      expect(errors.package).toBe('Please choose a package');
      expect(errors.phone).toBe('Phone number is required');
    });

    it('stores a retried booking once and replays its answer; the same key with another body is 422', async () => {
      const body = booking({ email: 'retry.booker@example.in' });
      const key = crypto.randomUUID();
      const first = await postJson(t.app, LEAD_PATHS.booking, body, { [IDEMPOTENCY_HEADER]: key });
      const again = await postJson(t.app, LEAD_PATHS.booking, body, { [IDEMPOTENCY_HEADER]: key });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
      expect((await again.json()).data._id).toBe((await first.json()).data._id);
      const other = await postJson(t.app, LEAD_PATHS.booking, { ...body, name: 'Someone Else' }, { [IDEMPOTENCY_HEADER]: key });
      expect(other.status).toBe(422);
      const rows = await t.database.db.selectFrom('bookings').select('id').where('email', '=', 'retry.booker@example.in').execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a reference another booking holds (final: 422)', async () => {
      const body = booking({ email: 'twice.booker@example.in' });
      expect((await postJson(t.app, LEAD_PATHS.booking, body)).status).toBe(201);
      const res = await postJson(t.app, LEAD_PATHS.booking, { ...body, name: 'Other Person' });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(MESSAGES.referenceTaken);
    });
  });

  describe('POST /api/v1/proposals', () => {
    it('stores the request and answers 201 with it', async () => {
      const res = await postJson(t.app, LEAD_PATHS.proposal, proposal({ participants: '120' }));
      expect(res.status).toBe(201);
      const answer = await res.json();
      expect(answer).toMatchObject({ success: true, message: MESSAGES.proposalSuccess });
      expect(answer.data).toMatchObject({ ...proposal(), participants: 120 });
    });

    it('checks every field with the form’s messages', async () => {
      const res = await postJson(t.app, LEAD_PATHS.proposal, { programme: 'Soft Skill For Students', participants: 0 });
      expect(res.status).toBe(400);
      const { errors } = await res.json();
      expect(Object.keys(errors).sort()).toEqual([
        'city',
        'email',
        'name',
        'organisation',
        'participants',
        'phone',
        'preferredMonths',
        'programme',
        'role',
      ]);
      expect(errors.participants).toBe('Participants must be at least 1');
      expect(errors.organisation).toBe('Organisation is required');
    });

    it('stores a retried request once', async () => {
      const body = proposal({ email: 'retry.proposal@example.in' });
      const key = crypto.randomUUID();
      for (let i = 0; i < 3; i++)
        expect((await postJson(t.app, LEAD_PATHS.proposal, body, { [IDEMPOTENCY_HEADER]: key })).status).toBe(201);
      const rows = await t.database.db.selectFrom('proposals').select('id').where('email', '=', 'retry.proposal@example.in').execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('the lists and their CSV', () => {
    it.each([
      ['bookings', 'booking', booking({ name: 'Listed Booker', email: 'listed.booker@example.in' }), 'Seat Bookings'],
      ['proposals', 'proposal', proposal({ name: 'Listed Proposer', email: 'listed.proposer@example.in' }), 'Proposal Requests'],
    ] as const)('%s: listed for members, newest first, searchable, exported as CSV', async (slug, kind, body, title) => {
      expect(LEAD_KINDS[kind].list.title).toBe(title);
      const created = (await (await postJson(t.app, LEAD_PATHS[kind], body)).json()).data;
      expect((await t.app.request(LEAD_KINDS[kind].list.path)).status).toBe(401);
      const res = await get(`${LEAD_KINDS[kind].list.path}?q=${encodeURIComponent(body.email)}&limit=10`);
      expect(res.status).toBe(200);
      const list = await res.json();
      expect(list.success).toBe(true);
      expect(list.data.map((i: { _id: string }) => i._id)).toEqual([created._id]);
      expect(list.data[0]).toMatchObject({ name: body.name, status: 'new' });
      const csv = await get(`${CONSOLE_PATHS.export}/${slug}.csv?q=${encodeURIComponent(body.email)}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`filename="${slug}-leads-[^"]*\\.csv"`));
      const text = await csv.text();
      for (const column of LEAD_KINDS[kind].list.columns) expect(text.split('\n')[0]).toContain(column.label);
      expect(text).toContain(body.email);
    });

    it('shows a booking’s amount and UTR in the list and the CSV', async () => {
      const body = booking({ email: 'amount.booker@example.in', package: 'Elevate' });
      await postJson(t.app, LEAD_PATHS.booking, body);
      await postJson(t.app, BOOKING_PATHS.utr, { reference: body.reference, utr: '512345678901' });
      const [item] = (await (await get(`${LEAD_KINDS.booking.list.path}?q=amount.booker&limit=10`)).json()).data;
      expect(item).toMatchObject({ amount: 2499, utr: '512345678901', paymentStatus: 'payment-pending' });
      const text = await (await get(`${CONSOLE_PATHS.export}/bookings.csv?q=amount.booker`)).text();
      expect(text).toMatch(/,2499,payment-pending,512345678901,/);
    });
  });

  describe('erasure', () => {
    it('an admin erases a booking and a proposal; a person’s erasure takes theirs from both lists', async () => {
      const b = (await (await postJson(t.app, LEAD_PATHS.booking, booking({ email: 'erase.one@example.in' }))).json()).data;
      const p = (await (await postJson(t.app, LEAD_PATHS.proposal, proposal({ email: 'erase.one@example.in' }))).json()).data;
      for (const [slug, id] of [
        ['bookings', b._id],
        ['proposals', p._id],
      ] as const) {
        const res = await send('POST', `${CONSOLE_PATHS.leads}/${slug}/erase`, { ids: [id] });
        expect(res.status).toBe(200);
        expect((await get(leadPath(slug, id))).status).toBe(404);
      }

      const email = 'erase.person@example.in';
      await postJson(t.app, LEAD_PATHS.booking, booking({ email }));
      await postJson(t.app, LEAD_PATHS.proposal, proposal({ email }));
      const token = crypto.randomUUID();
      await t.database.db
        .insertInto('erasure_requests')
        .values({ id: crypto.randomUUID(), email, token_hash: hashLinkToken(token), expires_at: new Date(Date.now() + 3_600_000) })
        .execute();
      const result = await eraseByToken(t.database.db, token, new Date());
      expect(result?.erased).toMatchObject({ bookings: 1, proposals: 1 });
      for (const table of ['bookings', 'proposals'] as const)
        expect(await t.database.db.selectFrom(table).select('id').where('email', '=', email).execute()).toEqual([]);
    });
  });

  describe('payment', () => {
    it('tells the form the upcoming batches, each package’s payment page and the UPI payee', async () => {
      const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
      const past = await send('POST', BOOKING_PATHS.adminBatches, { label: 'Old batch', startsOn: '2020-01-04' });
      const next = await send('POST', BOOKING_PATHS.adminBatches, { label: 'Weekend batch', startsOn: today });
      expect(past.status).toBe(201);
      expect(next.status).toBe(201);
      const options = await (await t.app.request(BOOKING_PATHS.options)).json();
      expect(options.batches.map((b: { label: string }) => b.label)).toEqual(['Weekend batch']);
      expect(options.batches[0].startsOn).toBe(today);
      expect(options.payment).toEqual({
        links: { Elevate: 'https://pay.example.in/elevate', Elite: 'https://pay.example.in/elite' },
        upi: UPI,
        gateway: false,
      });
      const removed = await Promise.resolve(
        t.app.request(`${BOOKING_PATHS.adminBatches}/${(await next.json()).batch._id}`, { method: 'DELETE', headers: as(admin) }),
      );
      expect(removed.status).toBe(204);
      expect((await (await t.app.request(BOOKING_PATHS.options)).json()).batches).toEqual([]);
    });

    it('answers an impossible start date with the date message (400), not a 500 from the database', async () => {
      for (const startsOn of ['2026-02-30', '2027-02-29', '2027-04-31', '2026-13-01', '2026-00-10']) {
        const res = await send('POST', BOOKING_PATHS.adminBatches, { label: 'Impossible batch', startsOn });
        expect(res.status, startsOn).toBe(400);
        expect(await res.json(), startsOn).toMatchObject({ errors: { startsOn: 'Start date must be a date (YYYY-MM-DD)' } });
      }
      expect((await send('POST', BOOKING_PATHS.adminBatches, { label: 'Leap batch', startsOn: '2028-02-29' })).status).toBe(201);
    });

    it('keeps the visitor’s UTR once: the same again is fine, another is 409, an unknown reference 404', async () => {
      const body = booking({ email: 'utr.booker@example.in' });
      await postJson(t.app, LEAD_PATHS.booking, body);
      const utr = (value: string, reference = body.reference) => postJson(t.app, BOOKING_PATHS.utr, { reference, utr: value });
      expect((await utr('4123 4567 8901')).status).toBe(200);
      expect((await utr('412345678901')).status).toBe(200);
      const other = await utr('999999999999');
      expect(other.status).toBe(409);
      expect((await other.json()).message).toBe(BOOKING_MESSAGES.utrDifferent);
      expect((await utr('412345678901', bookingReferenceOf(crypto.randomUUID()))).status).toBe(404);
      const bad = await utr('12');
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors.utr).toBe('A UTR is 12 to 22 letters and digits');
      const row = await t.database.db
        .selectFrom('bookings')
        .select('utr')
        .where('reference', '=', body.reference)
        .executeTakeFirstOrThrow();
      expect(row.utr).toBe('412345678901');
    });

    it('an admin moves the payment on: payment-pending → paid → enrolled, kept in its history, never back; a counsellor may not', async () => {
      const { data } = await (await postJson(t.app, LEAD_PATHS.booking, booking({ email: 'paid.booker@example.in' }))).json();
      const counsellor = await memberToken(t.database.db, 'bookings.counsellor@example.in', 'counsellor');
      expect((await send('PATCH', `${BOOKING_PATHS.payment}/${data._id}`, { paymentStatus: 'paid' }, counsellor.token)).status).toBe(403);
      for (const paymentStatus of ['paid', 'enrolled'] as const) {
        const res = await send('PATCH', `${BOOKING_PATHS.payment}/${data._id}`, { paymentStatus });
        expect(res.status).toBe(200);
        expect((await res.json()).booking).toMatchObject({ _id: data._id, paymentStatus });
      }
      const detail = await (await get(leadPath('bookings', data._id))).json();
      expect(JSON.stringify(detail)).toContain('Payment: Enrolled');
      // Never back: a paid (here enrolled) booking is not pending again, nor merely paid.
      for (const paymentStatus of ['payment-pending', 'paid'] as const) {
        const back = await send('PATCH', `${BOOKING_PATHS.payment}/${data._id}`, { paymentStatus });
        expect(back.status).toBe(409);
        expect((await back.json()).message).toMatch(/never moves back/);
      }
      expect((await send('PATCH', `${BOOKING_PATHS.payment}/${data._id}`, { paymentStatus: 'enrolled' })).status).toBe(200);
      expect((await send('PATCH', `${BOOKING_PATHS.payment}/${data._id}`, { paymentStatus: 'refunded' })).status).toBe(400);
      expect((await send('PATCH', `${BOOKING_PATHS.payment}/${crypto.randomUUID()}`, { paymentStatus: 'paid' })).status).toBe(404);
    });
  });
});
