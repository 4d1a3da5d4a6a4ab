// Contact messages: POST /api/v1/contact (the 'Send A Message' form).
import { Hono } from 'hono';
import { LEAD_PATHS, type ContactRecord } from '../../contract/api.ts';
import { contactSchema, type ContactInput } from '../../contract/leads.ts';
import { MESSAGES } from '../../contract/messages.ts';
import type { Deps } from '../deps.ts';
import { iso } from '../lib/dates.ts';
import type { LeadResource } from '../lib/ingest.ts';
import { leadRoute } from '../lib/lead-route.ts';

export function toContactRecord(row: Record<string, unknown>): ContactRecord {
  return {
    _id: String(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    phone: String(row.phone),
    message: String(row.message),
    createdAt: iso(row.created_at),
  };
}

export const contactLead: LeadResource = {
  path: LEAD_PATHS.contact,
  table: 'contact_messages',
  schema: contactSchema,
  toColumns: (input) => {
    const v = input as ContactInput;
    return { first_name: v.firstName, last_name: v.lastName, email: v.email, phone: v.phone, message: v.message };
  },
  respond: (row) => ({
    status: 201,
    body: { success: true, message: MESSAGES.contactSuccess, data: toContactRecord(row) },
  }),
};

export function contact(deps: Deps): Hono {
  return new Hono().post('/', leadRoute(deps, contactLead));
}
