// GET /api/admin/audit (admin): the erasure log, newest first, ?limit= (1–500, default
// 100): who erased (an admin, or the person), which list, how many, when. It holds no
// personal data of a lead, so it may be kept for as long as the business needs to show
// that erasures were done.
import { Hono } from 'hono';
import { LIST_LIMIT_MAX } from '../../contract/admin.ts';
import type { AuditEntry, AuditResponse } from '../../contract/erasure.ts';
import type { Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { HttpError } from '../http/http.ts';

export function audit(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'audit.read'), async (c) => {
    const raw = c.req.query('limit');
    const limit = raw === undefined || raw === '' ? 100 : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX)
      throw new HttpError(400, `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`);
    const rows = await deps.db
      .selectFrom('erasure_audit')
      .select(['id', 'actor', 'admin_label', 'list', 'count', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const data: AuditEntry[] = rows.map((r) => ({
      _id: String(r.id),
      at: new Date(r.created_at).toISOString(),
      actor: r.actor,
      by: r.actor === 'person' ? 'the person' : (r.admin_label ?? 'an admin since removed'),
      list: r.list as AuditEntry['list'],
      count: r.count,
    }));
    const body: AuditResponse = { data };
    return c.json(body);
  });
}
