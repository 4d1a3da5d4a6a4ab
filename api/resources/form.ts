// Enquiry ("need help") submissions: POST /api/v1/form/submit, the two-step form.
// GET /api/v1/form/submissions (admin) lists them as { data: [...] }.
import { Hono } from 'hono';
import { LEAD_PATHS, type EnquiryRecord } from '../../contract/api.ts';
import { enquirySchema, type EnquiryInput } from '../../contract/leads.ts';
import { MESSAGES } from '../../contract/messages.ts';
import type { Deps } from '../deps.ts';
import { iso } from '../lib/dates.ts';
import type { LeadResource } from '../lib/ingest.ts';
import { listRows } from '../lib/admin-list.ts';
import { requireAdmin } from '../lib/auth.ts';
import { leadRoute } from '../lib/lead-route.ts';

export function toEnquiryRecord(row: Record<string, unknown>): EnquiryRecord {
  return {
    _id: String(row.id),
    background: String(row.background),
    course: String(row.course),
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    createdAt: iso(row.created_at),
  };
}

export const enquiryLead: LeadResource = {
  path: LEAD_PATHS.enquiry,
  table: 'enquiries',
  schema: enquirySchema,
  toColumns: (input) => {
    const v = input as EnquiryInput;
    return { background: v.background, course: v.course, name: v.name, email: v.email, phone: v.phone };
  },
  respond: (row) => ({
    status: 201,
    body: { success: true, message: MESSAGES.enquirySuccess, data: toEnquiryRecord(row) },
  }),
};

export function form(deps: Deps): Hono {
  return new Hono()
    .post('/submit', leadRoute(deps, enquiryLead))
    .get('/submissions', requireAdmin(deps), async (c) => {
      const rows = await listRows(deps.db, c, {
        table: 'enquiries',
        columns: ['id', 'background', 'course', 'name', 'email', 'phone', 'created_at'],
        timeColumn: 'created_at',
        searchColumns: ['name', 'email', 'phone'],
      });
      return c.json({ data: rows.map(toEnquiryRecord) });
    });
}
