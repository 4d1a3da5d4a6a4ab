// Classroom sessions:
// A trainer reads only the sessions they made (another's is 404), an admin every one
// (desk/access.ts sessionsVisibleTo).
//   POST /api/admin/sessions          (trainers, admins) { organisation, city?, date, language,
//                                     audience?, expected?, contact? } → 201 { code, url }; with a
//                                     contact, the session becomes the organisation's B2B enquiry
//   GET  /api/admin/sessions          (trainers, admins) → { data: [session with joined, finished] }
//   GET  /api/admin/sessions/{code}   (trainers, admins) → { session }
//   GET  /api/admin/sessions/{code}/report      (trainers, admins) → the class's figures
//                                     (none below 5 finished: contract/sessions.ts SessionReport)
//   GET  /api/admin/sessions/{code}/report.pdf  (trainers, admins) → the report for the organisation
//   GET  /api/v1/sessions/{code}      (anyone with the code) → what the join page shows
// The code is the session's only handle: 6 characters without look-alikes (contract/sessions.ts).
import { Hono } from 'hono';
import { BODY_MAX_BYTES } from '../../contract/api.ts';
import { SESSION_MESSAGES, sessionCodeOf, sessionCreateSchema, sessionUrl, type SessionCreated } from '../../contract/sessions.ts';
import type { Deps } from '../deps.ts';
import { guard, sessionsVisibleTo } from '../desk/access.ts';
import { HttpError, readJsonBody } from '../http/http.ts';
import { validate } from '../http/validate.ts';
import type { Ingest } from '../ingest/ingest.ts';
import { mirrorSession } from '../relay/sessions.ts';
import { createSessionLead } from '../sessions/lead.ts';
import { renderReportPdf } from '../sessions/report-pdf.ts';
import { sessionReport } from '../sessions/report.ts';
import { createSession, findPublicSession, findSession, listSessions } from '../sessions/store.ts';

const notFound = () => new HttpError(404, SESSION_MESSAGES.notFound);

/** The code in the path, in its stored form; 404 when it cannot be one. */
function codeParam(value: string): string {
  const code = sessionCodeOf(value);
  if (!code) throw notFound();
  return code;
}

export function sessionsAdmin(deps: Deps, ingest: Ingest): Hono {
  const { db } = deps;
  const { publicUrl } = deps.config;
  return new Hono()
    .post('/', guard(deps, 'sessions.run'), async (c) => {
      const input = validate(sessionCreateSchema, await readJsonBody(c, BODY_MAX_BYTES));
      if (!input.ok) throw input.error;
      const code = await createSession(db, input.value, c.get('adminSession').admin.id);
      await createSessionLead(deps, ingest, code, input.value);
      const body: SessionCreated = { code, url: sessionUrl(publicUrl, code) };
      return c.json(body, 201);
    })
    .get('/', guard(deps, 'sessions.run'), async (c) =>
      c.json({ data: await listSessions(db, publicUrl, sessionsVisibleTo(c.get('adminSession').admin, 's')) }),
    )
    .get('/:code', guard(deps, 'sessions.run'), async (c) => {
      const code = codeParam(c.req.param('code'));
      const member = c.get('adminSession').admin;
      const scope = sessionsVisibleTo(member, 's');
      // On a relay, a session made upstream is copied the first time it is asked for, as the
      // session of the member who asked (desk/access.ts: a trainer sees the sessions they made).
      const session =
        (await findSession(db, code, publicUrl, scope)) ??
        ((await mirrorSession(deps, code, member.id)) ? await findSession(db, code, publicUrl, scope) : undefined);
      if (!session) throw notFound();
      return c.json({ session });
    })
    .get('/:code/report', guard(deps, 'sessions.run'), async (c) => {
      const scope = sessionsVisibleTo(c.get('adminSession').admin, 's');
      const report = await sessionReport(db, codeParam(c.req.param('code')), publicUrl, scope);
      if (!report) throw notFound();
      return c.json(report);
    })
    .get('/:code/report.pdf', guard(deps, 'sessions.run'), async (c) => {
      const code = codeParam(c.req.param('code'));
      const scope = sessionsVisibleTo(c.get('adminSession').admin, 's');
      const [session, report] = await Promise.all([findSession(db, code, publicUrl, scope), sessionReport(db, code, publicUrl, scope)]);
      if (!session || !report) throw notFound();
      const pdf = await renderReportPdf({ report, city: session.city, audience: session.audience, publicUrl });
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="class-profile-${code}.pdf"`,
        'Cache-Control': 'no-store',
      });
    });
}

export function sessionsPublic(deps: Deps): Hono {
  return new Hono().get('/:code', async (c) => {
    const code = codeParam(c.req.param('code'));
    const session =
      (await findPublicSession(deps.db, code)) ?? ((await mirrorSession(deps, code)) ? await findPublicSession(deps.db, code) : undefined);
    if (!session) throw notFound();
    // Short: a trainer's correction reaches phones opening the link soon after.
    c.header('Cache-Control', 'no-store');
    return c.json(session);
  });
}
