// Join-now registrations: POST /api/v1/now/join-now. The password is stored only as an
// scrypt hash and never returned. GET /api/v1/now/join-now (admin) lists them: an array.
import { Hono } from 'hono';
import { LEAD_PATHS, type JoinNowUser } from '../../contract/api.ts';
import { joinNowSchema, type JoinNowInput } from '../../contract/leads.ts';
import { MESSAGES } from '../../contract/messages.ts';
import type { Deps } from '../deps.ts';
import { iso } from '../lib/dates.ts';
import type { LeadResource } from '../lib/ingest.ts';
import { listRows } from '../lib/admin-list.ts';
import { requireAdmin } from '../lib/auth.ts';
import { leadRoute } from '../lib/lead-route.ts';

export function toJoinNowUser(row: Record<string, unknown>): JoinNowUser {
  return {
    _id: String(row.id),
    name: String(row.name),
    phone: String(row.phone),
    email: String(row.email),
    createdAt: iso(row.created_at),
  };
}

export const joinNowLead: LeadResource = {
  path: LEAD_PATHS.joinNow,
  table: 'join_now_users',
  schema: joinNowSchema,
  secretField: 'password',
  toColumns: (input) => {
    const v = input as JoinNowInput;
    return { name: v.name, phone: v.phone, email: v.email };
  },
  respond: (row) => ({ status: 201, body: { message: MESSAGES.joinNowSuccess, user: toJoinNowUser(row) } }),
};

export function now(deps: Deps): Hono {
  return new Hono()
    .post('/join-now', leadRoute(deps, joinNowLead))
    .get('/join-now', requireAdmin(deps), async (c) => {
      const rows = await listRows(deps.db, c, {
        table: 'join_now_users',
        columns: ['id', 'name', 'phone', 'email', 'created_at'],
        timeColumn: 'created_at',
        searchColumns: ['name', 'email', 'phone'],
      });
      return c.json(rows.map(toJoinNowUser));
    });
}
