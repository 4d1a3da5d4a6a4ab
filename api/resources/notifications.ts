// The bell, mounted at /api/admin/notifications (any member, about their own):
//   GET        → { notifications: [{ _id, kind, list, leadId, title, body, url, createdAt, read }], unread }
//                the latest NOTIFICATIONS_PAGE, newest first, and how many of all are unread.
//   POST /read { ids?: [id, …] } → the same answer; the ids named (or, without ids, every one) read.
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { consoleLeadUrl, NOTIFICATIONS_PAGE, NOTIFY_MESSAGES, type NotificationsResponse } from '../../contract/notifications.ts';
import type { Database } from '../db/schema.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { iso } from '../lib/dates.ts';
import { HttpError, isPlainObject, readJsonBody } from '../http/http.ts';

const READ_BODY_MAX = 16 * 1024;
const READ_IDS_MAX = 500;

export async function notificationsOf(db: Kysely<Database>, memberId: string): Promise<NotificationsResponse> {
  const [rows, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'list', 'lead_id', 'title', 'body', 'created_at', 'read_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_PAGE)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    notifications: rows.map((r) => ({
      _id: String(r.id),
      kind: r.kind,
      list: r.list,
      leadId: r.lead_id,
      title: r.title,
      body: r.body,
      url: consoleLeadUrl(r.list, r.lead_id),
      createdAt: iso(r.created_at),
      read: r.read_at !== null,
    })),
    unread: Number(unread.n),
  };
}

function idsOf(body: unknown): string[] | undefined {
  if (!isPlainObject(body)) throw new HttpError(400, NOTIFY_MESSAGES.idsInvalid);
  if (body.ids === undefined) return undefined;
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length > READ_IDS_MAX || !ids.every((id) => typeof id === 'string' && /^\d{1,18}$/.test(id))) {
    throw new HttpError(400, NOTIFY_MESSAGES.idsInvalid);
  }
  return ids as string[];
}

export function notifications(deps: Deps): Hono {
  return new Hono()
    .get('/', guard(deps, 'self'), async (c) => c.json(await notificationsOf(deps.db, c.get('adminSession').admin.id)))
    .post('/read', guard(deps, 'self'), async (c) => {
      const member = c.get('adminSession').admin.id;
      const ids = idsOf(await readJsonBody(c, READ_BODY_MAX));
      if (ids === undefined || ids.length > 0) {
        let update = deps.db
          .updateTable('notifications')
          .set({ read_at: nowOf(deps) })
          .where('member_id', '=', member)
          .where('read_at', 'is', null);
        if (ids) update = update.where('id', 'in', ids);
        await update.execute();
      }
      return c.json(await notificationsOf(deps.db, member));
    });
}
