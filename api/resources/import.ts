// POST /api/admin/import/{list}?fileName=&consentBasis=&commit=1 (admins and counsellors), the body a CSV
// file as it is (Content-Type text/csv, at most 5 MB and 10,000 rows): without commit, a
// preview ({ total, valid, invalid, rows: [each bad row's line and reasons, and rows stored
// by an earlier import of the file] }) and nothing stored; with commit=1, the good rows
// stored (api/import/import-leads.ts), each with `consentBasis` (required: how the file was
// collected) as its consent record, and with assignToMe=1 too, made the importer's. Lists
// whose form sets a password cannot be imported.
// Imports are parsed and stored one at a time per instance (a queue), each file read first.
import { Hono } from 'hono';
import { consentBasisError, IMPORT_MAX_BYTES, WORKSPACE_MESSAGES } from '../../contract/workspace.ts';
import { nowOf, type Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { importable, importLeads } from '../import/import-leads.ts';
import type { Ingest } from '../ingest/ingest.ts';
import { leadOf } from '../leads/definitions.ts';
import { isStorableText } from '../../contract/text-rules.ts';
import { HttpError } from '../lib/http.ts';
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

/** The body's bytes, refused past IMPORT_MAX_BYTES whether its length was declared or not. */
async function readFile(request: Request, declared: string | undefined): Promise<Uint8Array> {
  if (declared !== undefined && Number(declared) > IMPORT_MAX_BYTES) throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  // One buffer, grown by doubling (from the declared length when there is one): the file is
  // never held twice over as a list of chunks and their copy.
  let bytes = new Uint8Array(Math.min(Math.max(Number(declared) || 0, 64 * 1024), IMPORT_MAX_BYTES));
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (size + next.value.byteLength > IMPORT_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
    }
    if (size + next.value.byteLength > bytes.byteLength) {
      const grown = new Uint8Array(Math.min(Math.max(bytes.byteLength * 2, size + next.value.byteLength), IMPORT_MAX_BYTES));
      grown.set(bytes.subarray(0, size));
      bytes = grown;
    }
    bytes.set(next.value, size);
    size += next.value.byteLength;
  }
  bytes = bytes.subarray(0, size);
  return bytes;
}

export function importResource(deps: Deps, ingest: Ingest): Hono {
  const turns = oneAtATime();
  return new Hono().post('/:list', guard(deps, 'leads.import'), async (c) => {
    const { lead } = leadOf(c.req.param('list'));
    if (!importable(lead.kind)) throw new HttpError(400, 'This list cannot be imported: its form sets a password');
    const type = c.req.header('content-type') ?? '';
    if (!/^(text\/csv|text\/plain|application\/octet-stream)\b/i.test(type)) throw new HttpError(415, API_MESSAGES.unsupportedMediaType);
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > IMPORT_MAX_BYTES) throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
    const fileName = (c.req.query('fileName') ?? 'import.csv').trim().slice(0, 200) || 'import.csv';
    if (!isStorableText(fileName)) throw new HttpError(400, 'The file name has characters that are not allowed');
    const basisError = consentBasisError(c.req.query('consentBasis'));
    if (basisError) throw new HttpError(400, basisError, { consentBasis: basisError });
    const consentBasis = c.req.query('consentBasis')!.trim();
    // The file is read first (at most 5 MB; left unread, a waiting request would meet the
    // server's REQUEST_TIMEOUT_SECONDS), then imports take turns: one parsed and stored at a time.
    const bytes = await readFile(c.req.raw, declared);
    const commit = c.req.query('commit') === '1';
    const assignTo =
      commit && c.req.query('assignToMe') === '1'
        ? { member: c.get('adminSession').admin, work: { db: deps.db, config: deps.config, now: nowOf(deps) } }
        : undefined;
    const answer = await turns.run(() =>
      importLeads(deps.db, ingest, { kind: lead.kind, fileName, bytes, commit, consentBasis, now: nowOf(deps), assignTo }),
    );
    return c.json(answer, answer.committed ? 201 : 200);
  });
}
