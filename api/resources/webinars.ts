// Webinars (contract/webinars.ts):
//   GET  /api/v1/webinars                (public) { data: [{ _id, title, startsAt }] }: the upcoming ones, soonest first
//   GET  /api/admin/webinars             (leads.read) { data: Webinar[] }: every webinar, the newest start first, with its registrations
//   POST /api/admin/webinars             (webinars.manage) { title, startsAt, joinUrl } → 201 { webinar }
//   PATCH /api/admin/webinars/:id        (webinars.manage) the same fields → { webinar }; a new start is reminded anew
//   POST /api/admin/webinars/:id/cancel  (webinars.manage) → { webinar }: off the public page, no more registrations or reminders;
//                                        those registered are emailed (as they are of a new time or link)
// A registration is a lead of the `webinar` kind (POST /api/v1/webinars/register, through the ingest).
import { Hono } from 'hono';
import { sql, type Kysely, type Selectable } from 'kysely';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { WEBINAR_MESSAGES, webinarSchema, type UpcomingWebinar, type Webinar, type WebinarInput } from '../../contract/webinars.ts';
import type { Database } from '../db/schema.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { isLeadId } from '../leads/history.ts';
import { tellRegistrants, webinarCancelledEmail, webinarChangedEmail } from '../leads/webinar-changes.ts';
import { iso } from '../lib/dates.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';
import type { Context } from 'hono';

type Row = Selectable<Database['webinars']> & { registrations: number | string };

/** The public page shows at most this many (the academy runs a few a month). */
const UPCOMING_MAX = 50;

function webinarOf(row: Row): Webinar {
  return {
    _id: row.id,
    title: row.title,
    startsAt: iso(row.starts_at),
    joinUrl: row.join_url,
    cancelledAt: row.cancelled_at ? iso(row.cancelled_at) : null,
    registrations: Number(row.registrations),
    createdAt: iso(row.created_at),
  };
}

const withCounts = sql<Row>`select w.*, (select count(*) from webinar_registrations r
  where r.webinar_id = w.id and r.status <> 'spam') as registrations from webinars w`;

async function webinarById(db: Kysely<Database>, id: string): Promise<Webinar> {
  const found = isLeadId(id) ? await sql<Row>`${withCounts} where w.id = ${id}`.execute(db) : undefined;
  const row = found?.rows[0];
  if (!row) throw new HttpError(404, WEBINAR_MESSAGES.notFound);
  return webinarOf(row);
}

/** A valid body whose start is still ahead. */
async function inputOf(c: Context, deps: Deps): Promise<WebinarInput & { start: Date }> {
  const input = validate(webinarSchema, await readJsonBody(c, BODY_MAX_BYTES));
  if (!input.ok) throw input.error;
  const start = new Date(input.value.startsAt);
  if (start <= nowOf(deps)) {
    throw new HttpError(400, 'Start time must be in the future', { startsAt: 'Start time must be in the future' });
  }
  return { ...input.value, start };
}

export function webinarsPublic(deps: Deps): Hono {
  return new Hono().get('/', async (c) => {
    const rows = await deps.db
      .selectFrom('webinars')
      .select(['id', 'title', 'starts_at'])
      .where('cancelled_at', 'is', null)
      .where('starts_at', '>', nowOf(deps))
      .orderBy('starts_at')
      .limit(UPCOMING_MAX)
      .execute();
    const data: UpcomingWebinar[] = rows.map((r) => ({ _id: r.id, title: r.title, startsAt: iso(r.starts_at) }));
    return c.json({ data });
  });
}

export function webinarsAdmin(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'leads.read'), async (c) => {
      const rows = await sql<Row>`${withCounts} order by w.starts_at desc limit 500`.execute(deps.db);
      return c.json({ data: rows.rows.map(webinarOf) });
    })
    .post('/', guard(deps, 'webinars.manage'), async (c) => {
      const input = await inputOf(c, deps);
      const row = await deps.db
        .insertInto('webinars')
        .values({ title: input.title, starts_at: input.start, join_url: input.joinUrl, created_by: c.get('adminSession').admin.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return c.json({ webinar: await webinarById(deps.db, row.id) }, 201);
    })
    .patch('/:id', guard(deps, 'webinars.manage'), async (c) => {
      const id = c.req.param('id');
      const before = await webinarById(deps.db, id);
      const input = await inputOf(c, deps);
      const moved = new Date(before.startsAt).getTime() !== input.start.getTime();
      await deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('webinars')
          .set({ title: input.title, starts_at: input.start, join_url: input.joinUrl })
          .where('id', '=', id)
          .returning(['id', 'title', 'starts_at', 'join_url', 'cancelled_at'])
          .executeTakeFirstOrThrow();
        // A new start time is a new reminder for everyone registered.
        if (moved) await trx.updateTable('webinar_registrations').set({ reminded_at: null }).where('webinar_id', '=', id).execute();
        // Those registered are told of a new time or link; a new title alone changes nothing for them.
        if ((moved || before.joinUrl !== input.joinUrl) && !row.cancelled_at) await tellRegistrants(trx, row, webinarChangedEmail);
      });
      deps.wakeMail?.();
      return c.json({ webinar: await webinarById(deps.db, id) });
    })
    .post('/:id/cancel', guard(deps, 'webinars.manage'), async (c) => {
      const id = c.req.param('id');
      await webinarById(deps.db, id);
      await deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('webinars')
          .set({ cancelled_at: nowOf(deps) })
          .where('id', '=', id)
          .where('cancelled_at', 'is', null)
          .returning(['id', 'title', 'starts_at', 'join_url'])
          .executeTakeFirst();
        // Told once: a second cancel finds it cancelled already and changes nothing. A webinar
        // that has already started is over, not cancelled, for those who were there.
        if (row && new Date(row.starts_at) > nowOf(deps)) await tellRegistrants(trx, row, webinarCancelledEmail);
      });
      deps.wakeMail?.();
      return c.json({ webinar: await webinarById(deps.db, id) });
    });
}
