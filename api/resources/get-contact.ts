// GET /api/v1/get-contact (admin): the contact messages, as { contacts: [...] }, newest
// first, with the lists' optional ?page=&limit=&q=&from=&to= and X-Total-Count.
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { listRows } from '../lib/admin-list.ts';
import { requireAdmin } from '../lib/auth.ts';
import { toContactRecord } from './contact.ts';

export function getContact(deps: Deps): Hono {
  return new Hono().get('/', requireAdmin(deps), async (c) => {
    const rows = await listRows(deps.db, c, {
      table: 'contact_messages',
      columns: ['id', 'first_name', 'last_name', 'email', 'phone', 'message', 'created_at'],
      timeColumn: 'created_at',
      searchColumns: ['first_name', 'last_name', 'email', 'phone'],
    });
    return c.json({ contacts: rows.map(toContactRecord) });
  });
}
