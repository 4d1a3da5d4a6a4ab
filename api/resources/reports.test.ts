// The funnel and revenue report against figures counted by hand over a seeded set: leads in
// several lists (one person with three leads, one joined by phone only, spam left out),
// sources and campaigns (first touch), an organisation, two counsellors and the pool,
// both packages, paid and unpaid bookings, and instants either side of IST midnight. Then
// what the roles see, spend pro rata, a change reaching the report, and bad parameters.
// On PGlite and, with TEST_DATABASE_URL, on Postgres.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadPath } from '../../contract/console.ts';
import { REPORT_MESSAGES, REPORT_PATHS, type FunnelResponse, type FunnelRow } from '../../contract/reports.ts';
import { linkOnce } from '../people/linker.ts';
import { refreshAll } from '../reports/rollup.ts';
import { memberToken } from '../testing/admin.ts';
import { testApp } from '../testing/app.ts';
import { fakeClock } from '../testing/clock.ts';
import { testBackends, type TestDatabase } from '../testing/databases.ts';

/** An instant given as IST wall-clock time. */
const ist = (text: string) => new Date(`${text}+05:30`);
const touch = (utmSource?: string, campaign?: string) =>
  JSON.stringify({ last: { ...(utmSource ? { utm_source: utmSource } : {}), ...(campaign ? { utm_campaign: campaign } : {}) } });

describe.each(testBackends())('the funnel and revenue report on $name', (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof testApp>['app'];
  const clock = fakeClock(ist('2026-11-24T10:00:00').getTime());
  let admin: { id: string; token: string };
  let asha: { id: string; token: string };
  let bala: { id: string; token: string };
  let viewer: { id: string; token: string };
  let trainer: { id: string; token: string };
  const ids: Record<string, string> = {};

  const call = (method: string, path: string, token: string, body?: unknown) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const funnel = async (query: string, token = admin.token): Promise<FunnelResponse> => {
    const res = await call('GET', `${REPORT_PATHS.funnel}?${query}`, token);
    expect(res.status).toBe(200);
    return (await res.json()) as FunnelResponse;
  };
  /** The rows by key, each as [leads, contacted, booked, paid, revenue, median days to paid]. */
  const figures = (body: FunnelResponse) =>
    Object.fromEntries(
      body.data.map((r: FunnelRow) => [r.key ?? 'none', [r.leads, r.contacted, r.booked, r.paid, r.revenue, r.medianDaysToPaid]]),
    );

  type Lead = { at: Date; email: string; phone: string; source?: string; campaign?: string; owner?: string; status?: string; id: string };
  const common = (l: Lead) =>
    sql`${l.id}::uuid, ${l.at}, ${l.email}, ${l.phone}, ${l.source ?? null}, ${touch(l.source, l.campaign)}::jsonb, ${l.owner ?? null}::uuid, ${l.status ?? 'new'}`;
  const cols = sql`id, created_at, email, phone, utm_source, source, assignee_id, status`;
  const seedLead = async (table: string, l: Omit<Lead, 'id'>, extra: Record<string, unknown> = {}) => {
    const id = crypto.randomUUID();
    const names = Object.keys(extra);
    await sql`insert into ${sql.table(table)} (${cols}${names.length ? sql`, ${sql.join(names.map((n) => sql.ref(n)))}` : sql``})
      values (${common({ ...l, id })}${names.length ? sql`, ${sql.join(names.map((n) => sql`${extra[n]}`))}` : sql``})`.execute(
      database.db,
    );
    return id;
  };
  let reference = 0;
  const booking = (l: Omit<Lead, 'id'>, pkg: 'Elevate' | 'Elite', paidAt?: Date) =>
    seedLead('bookings', l, {
      programme: 'Soft Skill For Students',
      package: pkg,
      batch: 'December weekend',
      name: 'Student',
      reference: `SU-${String(++reference).padStart(10, '0')}`,
      amount: pkg === 'Elevate' ? 2499 : 7499,
      payment_status: paidAt ? 'paid' : 'payment-pending',
      paid_at: paidAt ?? null,
    });

  beforeAll(async () => {
    database = await backend.create();
    app = testApp(database, {}, { clock: clock.fn }).app;
    admin = await memberToken(database.db, 'owner@example.in', 'admin', clock.fn);
    asha = await memberToken(database.db, 'asha@example.in', 'counsellor', clock.fn);
    bala = await memberToken(database.db, 'bala@example.in', 'counsellor', clock.fn);
    viewer = await memberToken(database.db, 'viewer@example.in', 'viewer', clock.fn);
    trainer = await memberToken(database.db, 'trainer@example.in', 'trainer', clock.fn);
    const person = (n: number) => ({ email: `p${n}@example.in`, phone: `90000000${String(n).padStart(2, '0')}` });
    const contact = { first_name: 'P', last_name: 'Q', message: 'Call me' };
    // P1: 1 October 00:10 IST (still 30 September in UTC), Google's Diwali campaign, Asha's;
    // books Elevate under another source and pays 5 October 00:10 IST: 4 days.
    await seedLead(
      'contact_messages',
      { at: ist('2026-10-01T00:10:00'), ...person(1), source: 'google', campaign: 'diwali', owner: asha.id, status: 'contacted' },
      contact,
    );
    await booking({ at: ist('2026-10-03T12:00:00'), ...person(1), source: 'facebook' }, 'Elevate', ist('2026-10-05T00:10:00'));
    // P2: 31 October 23:59 IST, Google, Bala's, never moved on from new; an enquiry in November;
    // books Elite and pays 3 November 00:30 IST (still the 2nd in UTC): 3 days.
    await seedLead('free_join_users', { at: ist('2026-10-31T23:59:00'), ...person(2), source: 'google', owner: bala.id }, { name: 'P2' });
    await seedLead(
      'enquiries',
      { at: ist('2026-11-02T09:00:00'), ...person(2) },
      { name: 'P2', background: 'College Student', course: 'Soft Skills' },
    );
    await booking({ at: ist('2026-11-02T10:00:00'), ...person(2) }, 'Elite', ist('2026-11-03T00:30:00'));
    // P3: 30 September 23:59 IST, before the period; pays 2 October.
    await seedLead('contact_messages', { at: ist('2026-09-30T23:59:00'), ...person(3), source: 'google' }, contact);
    await booking({ at: ist('2026-10-01T10:00:00'), ...person(3), source: 'google' }, 'Elevate', ist('2026-10-02T10:00:00'));
    // P4: a college's proposal from Instagram, Asha's, converted; books Elevate, unpaid.
    await seedLead(
      'proposals',
      { at: ist('2026-10-10T11:00:00'), ...person(4), source: 'instagram', owner: asha.id, status: 'converted' },
      {
        programme: 'Skill for Colleges',
        organisation: "St. Xavier's College",
        name: 'P4',
        role: 'Placement officer',
        city: 'Pune',
        participants: 60,
        preferred_months: 'January',
        message: 'A proposal please',
      },
    );
    await booking({ at: ist('2026-10-11T11:00:00'), ...person(4) }, 'Elevate');
    // P5: an enquiry from Instagram in the pool, new; and a bot's contact message (spam).
    ids.p5 = await seedLead(
      'enquiries',
      { at: ist('2026-10-12T11:00:00'), ...person(5), source: 'instagram' },
      { name: 'P5', background: 'College Student', course: 'Soft Skills' },
    );
    await seedLead('contact_messages', { at: ist('2026-10-12T11:05:00'), ...person(5), source: 'instagram', status: 'spam' }, contact);
    // P6: no source, Bala's, not interested; a test with the same phone and another email.
    await seedLead(
      'join_now_users',
      { at: ist('2026-10-15T11:00:00'), ...person(6), owner: bala.id, status: 'not-interested' },
      { name: 'P6', password_hash: 'x' },
    );
    await seedLead(
      'personality_users',
      { at: ist('2026-10-16T11:00:00'), email: 'p6.other@example.in', phone: person(6).phone },
      { name: 'P6', password_hash: 'x' },
    );
    // P7: spam only.
    await seedLead('contact_messages', { at: ist('2026-10-20T11:00:00'), ...person(7), source: 'google', status: 'spam' }, contact);
    // P8: books Elite straight from a Google Diwali ad and pays the same day: 0 days.
    await booking(
      { at: ist('2026-10-20T11:00:00'), ...person(8), source: 'google', campaign: 'diwali' },
      'Elite',
      ist('2026-10-20T11:30:00'),
    );
    while ((await linkOnce(database.db)) > 0);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const OCTOBER = 'from=2026-10-01&to=2026-10-31';

  it('counts people once per stage by source (first touch), IST days, spam and earlier people left out', async () => {
    const body = await funnel(`by=source&${OCTOBER}`);
    expect(figures(body)).toEqual({
      google: [3, 3, 3, 3, 17497, 3],
      instagram: [2, 1, 1, 0, 0, null],
      none: [1, 1, 0, 0, 0, null],
    });
    expect(body.totals).toEqual({ leads: 6, contacted: 5, booked: 4, paid: 3, revenue: 17497, medianDaysToPaid: 3 });
    expect(body.data.find((r) => r.key === null)?.label).toBe('No source');
  });

  it('by counsellor (the owner of the newest owned lead), campaign, organisation and package', async () => {
    const counsellors = await funnel(`by=counsellor&${OCTOBER}`);
    expect(figures(counsellors)).toEqual({
      [asha.id]: [2, 2, 2, 1, 2499, 4],
      [bala.id]: [2, 2, 1, 1, 7499, 3],
      none: [2, 1, 1, 1, 7499, 0],
    });
    expect(counsellors.data.find((r) => r.key === asha.id)?.label).toBe('asha');
    expect(figures(await funnel(`by=campaign&${OCTOBER}`))).toEqual({ diwali: [2, 2, 2, 2, 9998, 2], none: [4, 3, 2, 1, 7499, 3] });
    expect(figures(await funnel(`by=organisation&${OCTOBER}`))).toEqual({
      "St. Xavier's College": [1, 1, 1, 0, 0, null],
      none: [5, 4, 3, 3, 17497, 3],
    });
    expect(figures(await funnel(`by=package&${OCTOBER}`))).toEqual({
      Elevate: [2, 2, 2, 1, 2499, 4],
      Elite: [2, 2, 2, 2, 14998, 1.5],
      none: [2, 1, 0, 0, 0, null],
    });
  });

  it('a counsellor sees their people and the pool; a viewer sees all; a trainer is refused', async () => {
    expect(figures(await funnel(`by=source&${OCTOBER}`, asha.token))).toEqual({
      google: [2, 2, 2, 2, 9998, 2],
      instagram: [2, 1, 1, 0, 0, null],
    });
    const mine = await funnel(`by=source&${OCTOBER}`, asha.token);
    // Spend is not a counsellor's to read.
    expect(mine.data[0]).not.toHaveProperty('spend');
    expect(figures(await funnel(`by=source&${OCTOBER}`, viewer.token))).toEqual(figures(await funnel(`by=source&${OCTOBER}`)));
    expect((await call('GET', `${REPORT_PATHS.funnel}?${OCTOBER}`, trainer.token)).status).toBe(403);
    expect((await call('PUT', REPORT_PATHS.spend, viewer.token, { source: 'google', month: '2026-10', rupees: 1 })).status).toBe(403);
  });

  it('spend per source per month gives cost per lead, per paid seat and return on spend, pro rata by day', async () => {
    for (const [month, rupees] of [
      ['2026-09', 10000],
      ['2026-10', 31000],
      ['2026-11', 30000],
    ] as const) {
      const res = await call('PUT', REPORT_PATHS.spend, admin.token, { source: 'google', month, rupees });
      expect(res.status).toBe(200);
    }
    const google = (await funnel(`by=source&${OCTOBER}`)).data.find((r) => r.key === 'google')!;
    expect(google).toMatchObject({ spend: 31000, costPerLead: 10333.33, costPerPaidSeat: 10333.33, returnOnSpend: 0.56 });
    // 16 of October's 31 days and 15 of November's 30.
    const straddling = (await funnel('by=source&from=2026-10-16&to=2026-11-15')).data.find((r) => r.key === 'google')!;
    expect(straddling).toMatchObject({ leads: 2, spend: 31000, costPerLead: 15500, costPerPaidSeat: 15500 });
    const instagram = (await funnel(`by=source&${OCTOBER}`)).data.find((r) => r.key === 'instagram')!;
    expect(instagram).toMatchObject({ spend: 0, costPerLead: 0, costPerPaidSeat: null, returnOnSpend: null });
    const listed = await call('GET', `${REPORT_PATHS.spend}?from=2026-10&to=2026-11`, admin.token);
    expect((await listed.json()).data).toEqual([
      { source: 'google', month: '2026-11', rupees: 30000 },
      { source: 'google', month: '2026-10', rupees: 31000 },
    ]);
    const bad = await call('PUT', REPORT_PATHS.spend, admin.token, { source: ' ', month: '2026-13', rupees: 1.5 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({
      source: REPORT_MESSAGES.sourceRequired,
      month: REPORT_MESSAGES.monthInvalid('Month'),
      rupees: REPORT_MESSAGES.rupeesInvalid,
    });
  });

  it('revenue by the IST week of payment and source', async () => {
    const res = await call('GET', `${REPORT_PATHS.revenue}?from=2026-09-28&to=2026-11-08`, admin.token);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual([
      { week: '2026-09-28', source: 'google', revenue: 2499, paid: 1 },
      // 5 October 00:10 IST is a Monday in India and still Sunday in UTC.
      { week: '2026-10-05', source: 'google', revenue: 2499, paid: 1 },
      { week: '2026-10-19', source: 'google', revenue: 7499, paid: 1 },
      { week: '2026-11-02', source: 'google', revenue: 7499, paid: 1 },
    ]);
  });

  it('follows a change in the console: a status moved on counts as contacted at once', async () => {
    const res = await call('PATCH', leadPath('need-help', ids.p5!), admin.token, { status: 'contacted' });
    expect(res.status).toBe(200);
    expect(figures(await funnel(`by=source&${OCTOBER}`)).instagram).toEqual([2, 2, 1, 0, 0, null]);
    // The cells moved by differences are the cells a rollup from scratch makes.
    const cells = () =>
      sql`select * from report_cells order by dimension, scope, day, key, days_to_paid`.execute(database.db).then((r) => r.rows);
    const followed = await cells();
    await sql`truncate report_cells, report_people`.execute(database.db);
    await sql`insert into report_queue (person_id) select id from people on conflict do nothing`.execute(database.db);
    await refreshAll(database.db);
    expect(await cells()).toEqual(followed);
  });

  it('refuses bad parameters with a clear message', async () => {
    const cases: Array<[string, string]> = [
      ['by=city', REPORT_MESSAGES.byInvalid],
      ['from=2026-02-30', REPORT_MESSAGES.dateInvalid('from')],
      ['to=2026-13-01', REPORT_MESSAGES.dateInvalid('to')],
      ['from=yesterday', REPORT_MESSAGES.dateInvalid('from')],
      ['from=2026-11-01&to=2026-10-01', REPORT_MESSAGES.fromAfterTo],
      ['from=2020-01-01&to=2026-10-01', REPORT_MESSAGES.rangeTooLong],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `${REPORT_PATHS.funnel}?${query}`, admin.token);
      expect(res.status, query).toBe(400);
      expect((await res.json()).message, query).toBe(message);
    }
    expect((await call('GET', `${REPORT_PATHS.spend}?from=2026-1`, admin.token)).status).toBe(400);
    // Without dates: the year to today (IST).
    const year = await funnel('by=source');
    expect([year.from, year.to]).toEqual(['2025-11-25', '2026-11-24']);
  });
});
