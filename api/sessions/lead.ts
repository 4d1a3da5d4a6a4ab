// A session with a contact becomes the organisation's B2B enquiry (the Need Help list), so
// the sales desk follows it up: stored through the same ingest as a visitor's enquiry
// (round-robin assignment, the team's alert, the people links), exactly once per session
// (its Idempotency-Key is the session's), with where it came from in its source.
import { SESSION_LEAD_BACKGROUND, SESSION_LEAD_COURSE, type SessionCreateInput } from '../../contract/sessions.ts';
import type { Deps } from '../deps.ts';
import type { Ingest } from '../ingest/ingest.ts';
import { enquiryLead } from '../leads/definitions.ts';

export async function createSessionLead(
  deps: Pick<Deps, 'db' | 'log'>,
  ingest: Ingest,
  code: string,
  input: SessionCreateInput,
): Promise<string | null> {
  if (!input.contact) return null;
  const body = {
    background: SESSION_LEAD_BACKGROUND[input.audience],
    course: SESSION_LEAD_COURSE,
    ...input.contact,
    source: {
      first: {
        utm_source: 'classroom-session',
        utm_medium: 'trainer',
        utm_campaign: input.organisation,
        utm_content: code,
        landingPath: `/s/${code}`,
      },
    },
  };
  const [answer] = await ingest(enquiryLead, [{ key: `classroom-session:${code}`, body }]);
  const id = (answer?.body as { data?: { _id?: string } } | undefined)?.data?._id;
  if (answer?.status !== 201 || !id) {
    // The session stands without its lead: the trainer's class must not wait on the desk.
    deps.log(`classroom session ${code}: its B2B enquiry was not stored (${answer?.status ?? 'no answer'})`);
    return null;
  }
  await deps.db.updateTable('classroom_sessions').set({ lead_id: id }).where('code', '=', code).execute();
  return id;
}
