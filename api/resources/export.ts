// GET /api/admin/export/{list}.csv (admins): every lead of a list that matches its filters
// (?q=&from=&to=&status=&utm_source=&assignee=, as the list), or only the leads chosen
// (?ids=, "Export selected"), as CSV (leads/csv.ts), newest first. Streamed: the
// rows are read a page at a time while the answer is written, and a page is read only when
// the client has taken the last one, so a million rows never sit in memory.
import { Hono, type Context } from 'hono';
import { CONSOLE_MESSAGES } from '../../contract/console.ts';
import type { Deps } from '../deps.ts';
import { csvLines } from '../leads/csv.ts';
import { leadOf, type ListedLead } from '../leads/definitions.ts';
import { parseLeadListQuery, type LeadListQuery } from '../leads/list-query.ts';
import { LEAD_KINDS, type ListSlug } from '../../contract/lead-kinds.ts';
import { teamNames } from '../desk/lead-fields.ts';
import { guard } from '../desk/access.ts';
import { HttpError } from '../http/http.ts';

/** Answers `query`'s leads of `list` as a streamed CSV download (also bulk work's export). */
export function csvAnswer(c: Context, deps: Deps, lead: ListedLead, list: ListSlug, query: LeadListQuery): Response {
  const names = teamNames(deps.db);
  const lines = (async function* () {
    yield* csvLines(deps.db, lead, query, { publicUrl: deps.config.publicUrl, names: await names, copyCsv: deps.copyCsv });
  })();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${list}-leads-${day}.csv"`,
    'Cache-Control': 'no-store',
  });
}

export function exportCsv(deps: Deps): Hono {
  return new Hono().get('/:file', guard(deps, 'leads.export'), (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.csv')) throw new HttpError(404, CONSOLE_MESSAGES.listNotFound);
    const { lead, list } = leadOf(file.slice(0, -'.csv'.length));
    return csvAnswer(c, deps, lead, list, parseLeadListQuery(c, LEAD_KINDS[lead.kind].list));
  });
}
