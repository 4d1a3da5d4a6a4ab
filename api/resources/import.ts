// POST /api/admin/import/{list}?fileName=&consentBasis=&commit=1 (admins and counsellors), the body a CSV
// file as it is (Content-Type text/csv, at most 5 MB and 10,000 rows): without commit, a
// preview ({ total, valid, invalid, rows: [each bad row's line and reasons, and rows stored
// by an earlier import of the file] }) and nothing stored; with commit=1, the good rows
// stored (api/import/import-leads.ts), each with `consentBasis` (required: how the file was
// collected) as its consent record, and with assignToMe=1 too, made the importer's. Lists
// whose form sets a password cannot be imported.
// Each file is written to a temporary file as it arrives (api/import/spool.ts: never held in
// memory, however many arrive at once), then imports take turns: one read, judged and stored
// at a time per instance (a queue), so memory stays bounded whatever the number of files.
import { Hono } from 'hono';
import { consentBasisError, IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../contract/lead-import.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { importable, importLeads } from '../import/import-leads.ts';
import { spool } from '../import/spool.ts';
import type { Ingest } from '../ingest/ingest.ts';
import { leadOf } from '../leads/definitions.ts';
import { isStorableText } from '../../contract/text-rules.ts';
import { HttpError } from '../http/http.ts';
import { API_MESSAGES } from '../../contract/messages.ts';

/** The import's one non-JSON body: the API's JSON-only rule lets this path through. */
export const IMPORT_PATH_PATTERN = /^\/api\/admin\/import\/[^/]+$/;

/** Runs tasks one after another, in the order they came. */
function oneAtATime(): { run<T>(task: () => Promise<T>): Promise<T> } {
  let last: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = last.then(task, task);
      last = result.catch(() => undefined);
      return result;
    },
  };
}

export function importResource(deps: Deps, ingest: Ingest): Hono {
  const turns = oneAtATime();
  return new Hono().post('/:list', guard(deps, 'leads.import'), async (c) => {
    const { lead } = leadOf(c.req.param('list'));
    if (!importable(lead.kind)) throw new HttpError(400, 'This list cannot be imported: its form sets a password');
    const type = c.req.header('content-type') ?? '';
    if (!/^(text\/csv|text\/plain|application\/octet-stream)\b/i.test(type)) throw new HttpError(415, API_MESSAGES.unsupportedMediaType);
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > IMPORT_MAX_BYTES) throw new HttpError(413, IMPORT_MESSAGES.importTooLarge);
    const fileName = (c.req.query('fileName') ?? 'import.csv').trim().slice(0, 200) || 'import.csv';
    if (!isStorableText(fileName)) throw new HttpError(400, 'The file name has characters that are not allowed');
    const basisError = consentBasisError(c.req.query('consentBasis'));
    if (basisError) throw new HttpError(400, basisError, { consentBasis: basisError });
    const consentBasis = c.req.query('consentBasis')!.trim();
    // The file is spooled first, outside the queue (a slow upload holds no one's turn, and a
    // request left unread while it waits would meet the server's REQUEST_TIMEOUT_SECONDS).
    const file = await spool(c.req.raw.body, IMPORT_MAX_BYTES, IMPORT_MESSAGES.importTooLarge);
    const commit = c.req.query('commit') === '1';
    const assignTo =
      commit && c.req.query('assignToMe') === '1'
        ? { member: c.get('adminSession').admin, work: { db: deps.db, config: deps.config, now: nowOf(deps) } }
        : undefined;
    const answer = await turns
      .run(() => importLeads(deps.db, ingest, { kind: lead.kind, fileName, file, commit, consentBasis, now: nowOf(deps), assignTo }))
      .finally(() => file.remove());
    return c.json(answer, answer.committed ? 201 : 200);
  });
}
