// A student joining a classroom session (POST /api/v1/sessions/join): a submission like any
// other, through the phone's outbox, with `session` beside its fields. Stored once per
// Idempotency-Key; the session's "joined" counts distinct participants, so joining twice
// (a reload, a second phone) is still one student. Its `session` is a field, checked by the
// schema: a join without one would belong to no session.
import type { InferType } from 'yup';
import { LEAD_SCHEMAS } from '../../contract/lead-schemas.ts';
import { participantOf, SESSION_MESSAGES } from '../../contract/sessions.ts';
import { define, type LeadDefinition } from './definitions.ts';

export type SessionJoinDefinition = LeadDefinition<'sessionJoin', 'session_participants', { _id: string }>;

export const sessionJoinLead: SessionJoinDefinition = define({
  kind: 'sessionJoin',
  table: 'session_participants',
  toColumns: (v: InferType<typeof LEAD_SCHEMAS.sessionJoin>, signals) => ({
    session_code: v.session,
    // The schema has checked that an email or a roll number is there.
    participant: participantOf(v) ?? '',
    name: v.name,
    email: v.email ?? null,
    roll_number: v.rollNumber ?? null,
    phone: v.phone ?? null,
    consent: signals.consent ?? null,
  }),
  toRecord: (row) => ({ _id: row.id }),
  created: (record) => ({ message: SESSION_MESSAGES.joined, data: record }),
});
