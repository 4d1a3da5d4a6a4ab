// Free-join users: POST /api/v1/free/join-free (the 'Join For Free' modal). The spec's
// client shows `message` from a 201. GET /api/v1/free/all (admin) lists them as { users: [...] }.
import { Hono } from 'hono';
import { LEAD_PATHS, type FreeJoinUser } from '../../contract/api.ts';
import { freeJoinSchema, type FreeJoinInput } from '../../contract/leads.ts';
import { MESSAGES } from '../../contract/messages.ts';
import type { Deps } from '../deps.ts';
import { iso } from '../lib/dates.ts';
import type { LeadResource } from '../lib/ingest.ts';
import { listRows } from '../lib/admin-list.ts';
import { requireAdmin } from '../lib/auth.ts';
import { leadRoute } from '../lib/lead-route.ts';

export function toFreeJoinUser(row: Record<string, unknown>): FreeJoinUser {
  return {
    _id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    joinedAt: iso(row.joined_at),
  };
}

export const freeJoinLead: LeadResource = {
  path: LEAD_PATHS.freeJoin,
  table: 'free_join_users',
  schema: freeJoinSchema,
  toColumns: (input) => {
    const v = input as FreeJoinInput;
    return { name: v.name, email: v.email, phone: v.phone };
  },
  respond: (row) => ({ status: 201, body: { message: MESSAGES.freeJoinSuccess, user: toFreeJoinUser(row) } }),
};

export function free(deps: Deps): Hono {
  return new Hono()
    .post('/join-free', leadRoute(deps, freeJoinLead))
    .get('/all', requireAdmin(deps), async (c) => {
      const rows = await listRows(deps.db, c, {
        table: 'free_join_users',
        columns: ['id', 'name', 'email', 'phone', 'joined_at'],
        timeColumn: 'joined_at',
        searchColumns: ['name', 'email', 'phone'],
      });
      return c.json({ users: rows.map(toFreeJoinUser) });
    });
}
