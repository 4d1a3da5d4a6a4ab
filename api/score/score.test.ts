// The lead score through the API, on PGlite and on Postgres: points and reasons for each factor
// (the form's intent, a paid booking, a taken test, a classroom session, the source, recency,
// the person's other forms, spam), kept by the event's job; the lists sorted and filtered by it;
// the weights for admins only, validated, and every lead scored again in batches after a change;
// a rule's `score` condition reading the score its own event gave.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAD_KINDS, LEAD_PATHS, listItems, type LeadKind } from '../../contract/lead-kinds.ts';
import type { LeadDetail } from '../../contract/lead-detail.ts';
import { RULES_PATH } from '../../contract/rules.ts';
import {
  DEFAULT_SCORE_WEIGHTS,
  SCORE_FILTER_MESSAGE,
  SCORE_MESSAGES,
  SCORE_PATH,
  type ScoreWeightsResponse,
} from '../../contract/score.ts';
import { TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import { runDueJobs } from '../jobs/scheduler.ts';
import { scoreNewLeadsOnce } from './new-leads.ts';
import { ALL_LISTED, LISTED_LEADS } from '../leads/definitions.ts';
import { ruleJobHandlers } from '../rules/events.ts';
import { memberToken } from '../testing/admin.ts';
import { createSampleWebinar, LEAD_SAMPLES } from '../testing/lead-samples.ts';
import { memberRequests, postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';

const DAY = 86_400_000;
const W = DEFAULT_SCORE_WEIGHTS;
type Listed = LeadKind & keyof typeof LISTED_LEADS;

describe.each(testBackends())('the lead score on $name', (backend) => {
  const t = useTestApp(backend);
  let admin: { id: string; token: string };
  let n = 0;

  beforeAll(async () => {
    admin = await memberToken(t.database.db, 'score-admin@example.in', 'admin');
    await createSampleWebinar(t.database.db);
  });

  const call = memberRequests(t);
  /** Posts a lead of `kind` (its own email and phone unless given) and resolves its id. */
  const post = async (kind: Listed, extra: Record<string, unknown> = {}) => {
    n += 1;
    const body: Record<string, unknown> = {
      ...LEAD_SAMPLES[kind](n),
      email: `score${n}.${kind.toLowerCase()}@example.in`,
      phone: `96${String(10_000_000 + n).slice(-8)}`,
      ...extra,
    };
    const res = await postJson(t.app, LEAD_PATHS[kind], body, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const rows = await sql<{ id: string }>`
      select id from ${sql.table(LISTED_LEADS[kind].table)} where email = ${body.email as string} order by created_at desc limit 1`.execute(
      t.database.db,
    );
    return rows.rows[0]!.id;
  };
  // What the scheduler does: the jobs the triggers wrote, and the round that scores new leads
  // no rule's job scored (their insert wrote no lead.created job: no rule listens).
  const drain = async (at = new Date()) => {
    for (;;) {
      const round = await runDueJobs(t.database.db, ruleJobHandlers(t.config), at, 500);
      const more = await scoreNewLeadsOnce(t.database.db, at);
      if (round.done + round.retrying + round.failed === 0 && !more) return;
    }
  };
  const stored = async (kind: Listed, id: string) =>
    (await sql<{ score: number }>`select score from ${sql.table(LISTED_LEADS[kind].table)} where id = ${id}`.execute(t.database.db))
      .rows[0]!.score;
  const detail = async (kind: Listed, id: string) => {
    const res = await call('GET', `/api/admin/leads/${LEAD_KINDS[kind].list.slug}/${id}`, admin.token);
    expect(res.status).toBe(200);
    return ((await res.json()) as LeadDetail).score;
  };
  const factors = (score: LeadDetail['score']) => Object.fromEntries(score.reasons.map((r) => [r.factor, r.points]));

  it('scores each form by its intent, booking above proposal above enquiry above contact above free join, with reasons', async () => {
    const kinds: Listed[] = ['booking', 'proposal', 'enquiry', 'webinar', 'contact', 'personalitySignup', 'joinNow', 'freeJoin'];
    const ids = new Map<Listed, string>();
    for (const kind of kinds) ids.set(kind, await post(kind));
    await drain();
    const scores: number[] = [];
    for (const kind of kinds) {
      const id = ids.get(kind)!;
      const expected = W.forms[LEAD_KINDS[kind].list.slug] + W.recency.day;
      expect(await stored(kind, id), kind).toBe(expected);
      const score = await detail(kind, id);
      expect(score.score).toBe(expected);
      expect(score.reasons).toEqual(
        [
          { factor: 'form', label: `Form: ${LEAD_KINDS[kind].label}`, points: W.forms[LEAD_KINDS[kind].list.slug] },
          { factor: 'recency', label: 'Active in the last day', points: W.recency.day },
        ].sort((a, b) => b.points - a.points),
      );
      scores.push(expected);
    }
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('adds the source: a named one its points, any other the other source points', async () => {
    const referral = await post('contact', { source: { first: { utm_source: 'Referral' } } });
    const other = await post('contact', { source: { last: { utm_source: 'instagram' } } });
    await drain();
    expect(factors(await detail('contact', referral))).toMatchObject({ source: 10 });
    expect((await detail('contact', referral)).reasons.find((r) => r.factor === 'source')?.label).toBe('Source: referral');
    expect(await stored('contact', referral)).toBe(W.forms.contact + W.recency.day + 10);
    expect(await stored('contact', other)).toBe(W.forms.contact + W.recency.day + W.otherSource);
  });

  it('adds a taken test, a classroom session and a paid booking when they happen', async () => {
    const email = `score-person-${crypto.randomUUID().slice(0, 8)}@example.in`;
    const signup = await post('personalitySignup', { email });
    await drain();
    const before = await stored('personalitySignup', signup);
    expect(
      (await postJson(t.app, LEAD_PATHS.quizAnswers, { ...LEAD_SAMPLES.quizAnswers(1), email }, { 'Idempotency-Key': crypto.randomUUID() }))
        .status,
    ).toBe(201);
    await drain();
    expect(await stored('personalitySignup', signup)).toBe(before + W.testTaken);
    expect((await detail('personalitySignup', signup)).reasons).toContainEqual({
      factor: 'test',
      label: 'Took the personality test',
      points: W.testTaken,
    });

    await sql`insert into session_participants (session_code, participant, name, email) values ('SCORE1', ${crypto.randomUUID()}, 'Isha', ${email})`.execute(
      t.database.db,
    );
    await drain();
    expect(await stored('personalitySignup', signup)).toBe(before + W.testTaken + W.session);
    expect(factors(await detail('personalitySignup', signup))).toMatchObject({ session: W.session });

    const booking = await post('booking');
    await drain();
    const unpaid = await stored('booking', booking);
    await sql`update bookings set payment_status = 'paid' where id = ${booking}`.execute(t.database.db);
    await drain();
    expect(await stored('booking', booking)).toBe(unpaid + W.paidBooking);
    expect(factors(await detail('booking', booking))).toMatchObject({ paid: W.paidBooking, form: W.forms.bookings });
  });

  it("counts the person's other forms (same email or phone) on each of their leads, and spam scores 0", async () => {
    const phone = `95${String(Date.now()).slice(-8)}`;
    const first = await post('freeJoin', { phone });
    await drain();
    expect(await stored('freeJoin', first)).toBe(W.forms['join-free'] + W.recency.day);
    const second = await post('enquiry', { phone });
    const third = await post('contact', { phone });
    await drain();
    expect(await stored('freeJoin', first)).toBe(W.forms['join-free'] + W.recency.day + 2 * W.otherForm);
    expect((await detail('enquiry', second)).reasons).toContainEqual({
      factor: 'others',
      label: '2 other forms from this person',
      points: 2 * W.otherForm,
    });

    expect((await call('PATCH', `/api/admin/leads/contact/${third}`, admin.token, { status: 'spam' })).status).toBe(200);
    await drain();
    expect(await stored('contact', third)).toBe(0);
    expect((await detail('contact', third)).reasons).toEqual([{ factor: 'spam', label: 'Filed as spam', points: 0 }]);
    expect(await stored('freeJoin', first)).toBe(W.forms['join-free'] + W.recency.day + W.otherForm);
  });

  it('lets recency age: the nightly sweep scores a week-old lead with the week points', async () => {
    const id = await post('proposal');
    await drain();
    expect(await stored('proposal', id)).toBe(W.forms.proposals + W.recency.day);
    await drain(new Date(Date.now() + 3 * DAY));
    expect(await stored('proposal', id)).toBe(W.forms.proposals + W.recency.week);
    await drain(new Date(Date.now() + 60 * DAY));
    expect(await stored('proposal', id)).toBe(W.forms.proposals);
  });

  it('sorts and filters every list by score', async () => {
    const low = await post('enquiry');
    const high = await post('enquiry', { source: { first: { utm_source: 'referral' } } });
    await drain();
    const { path, envelope } = LEAD_KINDS.enquiry.list;
    const page = async (query: string) => {
      const res = await call('GET', `${path}?limit=500&${query}`, admin.token);
      expect(res.status).toBe(200);
      return {
        items: listItems(await res.json(), envelope) as { _id: string; score: number }[],
        total: Number(res.headers.get(TOTAL_COUNT_HEADER)),
      };
    };
    const desc = (await page('sort=-score')).items;
    expect(desc.map((i) => i.score)).toEqual([...desc.map((i) => i.score)].sort((a, b) => b - a));
    expect(desc.findIndex((i) => i._id === high)).toBeLessThan(desc.findIndex((i) => i._id === low));
    const asc = (await page('sort=score')).items;
    expect(asc.map((i) => i.score)).toEqual([...asc.map((i) => i.score)].sort((a, b) => a - b));

    const highScore = await stored('enquiry', high);
    const lowScore = await stored('enquiry', low);
    const band = await page(`score_min=${highScore}&score_max=${highScore}`);
    expect(band.items.map((i) => i._id)).toContain(high);
    expect(band.items.map((i) => i._id)).not.toContain(low);
    expect(band.items.every((i) => i.score === highScore)).toBe(true);
    expect(band.total).toBe(band.items.length);
    expect((await page(`score_max=${lowScore}`)).items.map((i) => i._id)).not.toContain(high);
    for (const bad of ['score_min=101', 'score_min=-1', 'score_max=high', 'score_min=1.5']) {
      const res = await call('GET', `${path}?${bad}`, admin.token);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(SCORE_FILTER_MESSAGE);
    }
  });

  it('lets only admins read and tune the weights', async () => {
    for (const role of ['counsellor', 'viewer', 'trainer'] as const) {
      const m = await memberToken(t.database.db, `score-${role}@example.in`, role);
      expect((await call('GET', SCORE_PATH, m.token)).status, role).toBe(403);
      expect((await call('PUT', SCORE_PATH, m.token, W)).status, role).toBe(403);
    }
    expect((await t.app.request(SCORE_PATH)).status).toBe(401);
    const res = await call('GET', SCORE_PATH, admin.token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ScoreWeightsResponse).defaults).toEqual(W);
  });

  it('refuses bad weights with a clear message', async () => {
    const bad = async (weights: unknown) => {
      const res = await call('PUT', SCORE_PATH, admin.token, weights);
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await bad({ ...W, testTaken: 101 })).toBe(SCORE_MESSAGES.points);
    expect(await bad({ ...W, testTaken: 2.5 })).toBe(SCORE_MESSAGES.points);
    expect(await bad({ ...W, forms: { ...W.forms, contact: -1 } })).toBe(SCORE_MESSAGES.points);
    expect(await bad({ ...W, recency: { day: 1, week: 5, month: 0 } })).toBe(SCORE_MESSAGES.recency);
    expect(
      await bad({
        ...W,
        sources: [
          { source: 'x', points: 1 },
          { source: 'X', points: 2 },
        ],
      }),
    ).toBe(SCORE_MESSAGES.sources);
    expect(await bad({ ...W, otherFormsMax: 50 })).toBe(SCORE_MESSAGES.otherFormsMax);
  });

  it('scores every lead again with new weights, in batches, each its own job', async () => {
    const contact = await post('contact');
    await drain();
    const weights = { ...W, forms: { ...W.forms, contact: 70 } };
    const res = await call('PUT', SCORE_PATH, admin.token, weights);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ScoreWeightsResponse;
    expect(saved.weights.forms.contact).toBe(70);
    expect(saved.recomputing).toBeGreaterThan(0);
    expect(await stored('contact', contact)).toBe(W.forms.contact + W.recency.day);
    await drain();
    expect(await stored('contact', contact)).toBe(70 + W.recency.day);
    const after = (await (await call('GET', SCORE_PATH, admin.token)).json()) as ScoreWeightsResponse;
    expect(after.recomputing).toBe(0);
    expect(after.updatedAt).not.toBeNull();
    // One job per list at least (and one per SCORE_BATCH leads): never one transaction for all.
    const jobs = await sql<{ n: string }>`
      select count(*) as n from jobs where kind = 'score.recompute' and payload->>'run' like 'weights:%'`.execute(t.database.db);
    expect(Number(jobs.rows[0]!.n)).toBeGreaterThanOrEqual(ALL_LISTED.length);
    await call('PUT', SCORE_PATH, admin.token, W);
    await drain();
    expect(await stored('contact', contact)).toBe(W.forms.contact + W.recency.day);
  });

  it('runs a rule whose condition is the score its own event gave (lead.created, score gte)', async () => {
    const rule = await call('POST', RULES_PATH, admin.token, {
      name: 'Hot enquiry',
      trigger: { event: 'lead.created', lists: ['need-help'] },
      conditions: [{ field: 'score', op: 'gte', value: W.forms['need-help'] + W.recency.day + 1 }],
      actions: [{ type: 'tag', tag: 'hot' }],
    });
    expect(rule.status).toBe(201);
    const hot = await post('enquiry', { source: { first: { utm_source: 'referral' } } });
    const plain = await post('enquiry');
    await drain();
    const tags = async (id: string) =>
      (await t.database.db.selectFrom('lead_tags').select('tag').where('lead_id', '=', id).execute()).map((r) => r.tag);
    expect(await tags(hot)).toEqual(['hot']);
    expect(await tags(plain)).toEqual([]);
    await t.database.db.deleteFrom('rules').execute();
  });
});
