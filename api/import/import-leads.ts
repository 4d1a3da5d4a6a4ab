// Importing walk-ins and college-fair sheets into a list: a CSV as Excel saves it (UTF-8,
// with or without a byte-order mark), its header naming the form's fields by their labels
// or keys, each row checked by the very rules the form's own schema applies (contract/), a
// preview that says why each bad row cannot be stored before anything is, and then the
// good rows stored through the ingest like any submission. Each row's Idempotency-Key is the
// file's SHA-256 and the row's line, so a file imported twice stores nothing the second
// time (and an import cut off halfway stores the rest when it is sent again). Every imported
// lead records its source as `import` with the file's name, and as its consent record the
// basis the file was collected on (what the importer says the people agreed to). A refused row is said as a
// sentence naming the person and the value; a row with the email or phone of an earlier
// row of the file is left out; columns that name no field are listed as not imported; and
// the importer may take the stored leads as theirs (a fair's walk-ins met at their stall).
//
// The file waits on disk (api/import/spool.ts) and is read twice, a piece at a time: once
// judged whole (a file refused at its last line stores nothing), then its good rows stored
// a batch at a time. Memory holds a batch of rows and, for the whole file, only each good
// row's line, its email and phone (to find a person listed twice), and the report of the
// rows that are not stored.
import { sql, type Kysely } from 'kysely';
import { LEAD_KINDS, type ListedKind } from '../../contract/lead-kinds.ts';
import type { ImportResponse, ImportRow } from '../../contract/lead-import.ts';
import type { Database, LeadTable } from '../db/schema.ts';
import { can } from '../desk/access.ts';
import { updateLead, type Work } from '../desk/lead-work.ts';
import type { Member } from '../auth/auth.ts';
import type { AnyLeadResource, Ingest } from '../ingest/ingest.ts';
import { selectByKeys } from '../ingest/statements.ts';
import { type ListedLead, LISTED_LEADS } from '../leads/definitions.ts';
import { collectGarbage } from './collect-garbage.ts';
import { detached, preparedRows, repeatsOfFile, type Prepared, type Reading, type RowsInput } from './import-rows.ts';

/**
 * Rows given to the ingest at once (its group commit takes them as one statement per kind),
 * and the characters a batch may hold: a batch of long rows (a message is up to 5,000
 * characters) is cut sooner, so a batch stays well under a megabyte.
 */
const BATCH_ROWS = 100;
const BATCH_CHARS = 64 * 1024;

/** Lists whose form sets a password cannot be imported: no one chose one. */
export function importable(kind: ListedKind): boolean {
  return !LEAD_KINDS[kind].fields.some((f) => f.key === 'password');
}

export interface ImportInput extends RowsInput {
  commit: boolean;
  /** "Assign these to me": the stored leads become this member's (a counsellor takes those in the pool). */
  assignTo?: { member: Member; work: Work };
}

/** Runs `flush` on the rows given to `add` in batches of at most BATCH_ROWS rows and BATCH_CHARS characters. */
function batches(flush: (rows: Prepared[]) => Promise<void>): { add(row: Prepared): Promise<void>; end(): Promise<void> } {
  let rows: Prepared[] = [];
  let chars = 0;
  const end = async () => {
    const full = rows;
    rows = [];
    chars = 0;
    if (full.length > 0) await flush(full);
  };
  return {
    async add(row) {
      rows.push(row);
      chars += row.size;
      if (rows.length >= BATCH_ROWS || chars >= BATCH_CHARS) await end();
    },
    end,
  };
}

/** The keys of `keys` already stored in `table` (only the keys are read, not the rows). */
async function storedKeys(db: Kysely<Database>, table: LeadTable, keys: string[]): Promise<Set<string>> {
  const result = await sql<{ key: string }>`select idempotency_key as key from ${sql.table(table)}
    where idempotency_key = any(${keys}::text[])`.execute(db);
  return new Set(result.rows.map((r) => r.key));
}

/** The file judged whole: the answer of a check, the lines to store, and those an earlier import stored. */
interface Judgement {
  answer: ImportResponse;
  good: Set<number>;
  storedBefore: Set<number>;
}

async function judge(db: Kysely<Database>, lead: ListedLead, input: ImportInput): Promise<Judgement> {
  const reading: Reading = { ignored: [], total: 0 };
  const rows: ImportRow[] = [];
  const good = new Set<number>();
  const storedBefore = new Set<number>();
  const repeated = repeatsOfFile();
  const lookUp = batches(async (batch) => {
    const stored = await storedKeys(
      db,
      lead.table,
      batch.map((p) => p.key),
    );
    for (const p of batch) {
      if (!stored.has(p.key)) continue;
      storedBefore.add(p.line);
      rows.push({ line: p.line, ok: true, duplicate: true });
    }
  });
  for await (const p of preparedRows(input, reading)) {
    repeated(p);
    if (p.errors) {
      const report = { line: p.line, ok: false, errors: p.errors, messages: p.messages };
      rows.push(detached({ ...report, ...(p.duplicateOf ? { duplicateOf: p.duplicateOf } : {}) }));
      continue;
    }
    good.add(p.line);
    // Only the line and key are looked up: the batch need not hold the rows' text.
    await lookUp.add({ line: p.line, key: p.key, body: {}, who: '', size: 0 });
  }
  await lookUp.end();
  rows.sort((a, b) => a.line - b.line);
  const answer: ImportResponse = {
    fileName: input.fileName,
    committed: false,
    total: reading.total,
    valid: good.size,
    invalid: reading.total - good.size,
    ignoredColumns: reading.ignored,
    rows,
    alreadyStored: storedBefore.size,
  };
  return { answer, good, storedBefore };
}

/** The stored leads of these keys made the importer's; resolves how many are theirs now. */
async function assignToImporter(lead: ListedLead, keys: string[], assignTo: NonNullable<ImportInput['assignTo']>): Promise<number> {
  const { member, work } = assignTo;
  const rows = await selectByKeys(work.db, lead.table, keys);
  let mine = 0;
  for (const row of rows.values()) {
    if (row.assignee_id === member.id) mine += 1;
    else if (row.assignee_id === null || can(member, 'leads.assign')) {
      if (await updateLead(lead, LEAD_KINDS[lead.kind].list.slug, row.id, { assignee: member.id }, member, work)) mine += 1;
    }
  }
  return mine;
}

/** The file read again, its good rows stored a batch at a time (and made the importer's when asked). */
async function store(ingest: Ingest, lead: AnyLeadResource & ListedLead, input: ImportInput, judged: Judgement): Promise<ImportResponse> {
  const { answer, good, storedBefore } = judged;
  let storedNow = 0;
  let assignedToMe = 0;
  const stored = batches(async (batch) => {
    const fresh = batch.filter((p) => !storedBefore.has(p.line));
    const answers =
      fresh.length > 0
        ? await ingest(
            lead,
            fresh.map((p) => ({ key: p.key, body: p.body })),
          )
        : [];
    answers.forEach((a, j) => {
      if (a.status === 201 && !a.replayed) storedNow += 1;
      else if (a.status >= 400)
        answer.rows.push({ line: fresh[j]!.line, ok: false, errors: { _: String((a.body as { message?: string })?.message ?? a.status) } });
    });
    if (input.assignTo) {
      assignedToMe += await assignToImporter(
        lead,
        batch.map((p) => p.key),
        input.assignTo,
      );
    }
  });
  for await (const p of preparedRows(input, { ignored: [], total: 0 })) {
    if (good.has(p.line)) await stored.add(p);
  }
  await stored.end();
  return { ...answer, committed: true, stored: storedNow, ...(input.assignTo ? { assignedToMe } : {}) };
}

export async function importLeads(db: Kysely<Database>, ingest: Ingest, input: ImportInput): Promise<ImportResponse> {
  const lead = LISTED_LEADS[input.kind] as AnyLeadResource & ListedLead;
  try {
    const judged = await judge(db, lead, input);
    if (!input.commit) return judged.answer;
    collectGarbage();
    return await store(ingest, lead, input, judged);
  } finally {
    collectGarbage();
  }
}
