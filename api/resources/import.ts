// POST /api/admin/import/{list}?fileName=&commit=1 (admins and counsellors), the body a CSV
// file as it is (Content-Type text/csv, at most 5 MB and 10,000 rows): without commit, a
// preview ({ total, valid, invalid, rows: [each bad row's line and reasons, and rows stored
// by an earlier import of the file] }) and nothing stored; with commit=1, the good rows
// stored (api/import/import-leads.ts), and with assignToMe=1 too, made the importer's.
// Lists whose form sets a password cannot be imported.
import { Hono } from 'hono';
import { IMPORT_MAX_BYTES, WORKSPACE_MESSAGES } from '../../contract/workspace.ts';
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

/** The body's bytes, refused past IMPORT_MAX_BYTES whether its length was declared or not. */
async function readFile(request: Request, declared: string | undefined): Promise<Uint8Array> {
  if (declared !== undefined && Number(declared) > IMPORT_MAX_BYTES) throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > IMPORT_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, WORKSPACE_MESSAGES.importTooLarge);
    }
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

export function importResource(deps: Deps, ingest: Ingest): Hono {
  return new Hono().post('/:list', guard(deps, 'leads.import'), async (c) => {
    const { lead } = leadOf(c.req.param('list'));
    if (!importable(lead.kind)) throw new HttpError(400, 'This list cannot be imported: its form sets a password');
    const type = c.req.header('content-type') ?? '';
    if (!/^(text\/csv|text\/plain|application\/octet-stream)\b/i.test(type)) throw new HttpError(415, API_MESSAGES.unsupportedMediaType);
    const bytes = await readFile(c.req.raw, c.req.header('content-length'));
    const fileName = (c.req.query('fileName') ?? 'import.csv').trim().slice(0, 200) || 'import.csv';
    if (!isStorableText(fileName)) throw new HttpError(400, 'The file name has characters that are not allowed');
    const commit = c.req.query('commit') === '1';
    const assignTo =
      commit && c.req.query('assignToMe') === '1'
        ? { member: c.get('adminSession').admin, work: { db: deps.db, config: deps.config, now: nowOf(deps) } }
        : undefined;
    const answer = await importLeads(deps.db, ingest, { kind: lead.kind, fileName, bytes, commit, assignTo });
    return c.json(answer, answer.committed ? 201 : 200);
  });
}
