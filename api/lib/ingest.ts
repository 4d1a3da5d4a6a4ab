// Exactly-once ingestion of public submissions, shared by every single POST and by the
// batch endpoint (a single POST is a batch of one, so both give the same answers).
//
// For each submission with an Idempotency-Key:
//   - a key already stored with the same fingerprint replays the original answer;
//   - a key stored with another fingerprint is 422;
//   - a key another request is processing right now is 409 (retryable): in this
//     process via the in-flight set, across instances via a transaction-scoped
//     advisory lock on the key;
//   - otherwise the row is inserted with ON CONFLICT (idempotency_key) DO NOTHING, so the
//     unique constraint is the final word even if two instances race.
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AnyObjectSchema, InferType } from 'yup';
import { cleanConsent, type ConsentRecord } from '../../contract/consent.ts';
import { cleanSource, looksLikeBot, type LeadSource } from '../../contract/lead-signals.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { Database, LeadTable } from '../db/schema.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { fingerprint } from './fingerprint.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { validate } from './validate.ts';

/** What every lead table has, whatever else it holds. */
interface StoredBase {
  id: string;
  idempotency_key: string | null;
  request_hash: string | null;
  password_hash?: string;
}
type Stored<T extends LeadTable> = Selectable<Database[T]> & StoredBase;

/** The columns a submission fills in; the ingest adds the id, the idempotency columns and any password hash. */
export type LeadColumns<T extends LeadTable> = Omit<Insertable<Database[T]>, 'id' | 'idempotency_key' | 'request_hash' | 'password_hash'>;

export interface Answer {
  status: number;
  body: unknown;
  /** True when this answer replays the stored result of an earlier request with the same key. */
  replayed?: boolean;
}

/** What a body says beside its fields (contract/lead-signals.ts): where the visitor came from, and whether a bot sent it. */
export interface LeadSignals {
  source: LeadSource | undefined;
  bot: boolean;
  consent: ConsentRecord | undefined;
}

export function signalsOf(body: unknown, minFillMs?: number, now: Date = new Date()): LeadSignals {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return { source: cleanSource(record.source), bot: looksLikeBot(body, minFillMs), consent: cleanConsent(record.consent, now) };
}

export interface LeadResource<T extends LeadTable = LeadTable, S extends AnyObjectSchema = AnyObjectSchema> {
  /** The public path, used in the fingerprint and by the batch endpoint. */
  path: string;
  table: T;
  schema: S;
  /** A field stored only as an scrypt hash in `password_hash`. */
  secretField?: 'password';
  /** The row's columns. Every call must give the same set of keys (a grouped insert names them once). */
  toColumns(input: InferType<S>, signals: LeadSignals): LeadColumns<T>;
  respond(row: Selectable<Database[T]>): Answer;
  /** The answer for a row the database refused because of the resource's own rule (a unique email, say); undefined for anything else. */
  refusal?(err: unknown): Answer | undefined;
  /** Work done in the same transaction as the insert (mail outbox, derived rows). */
  afterInsert?(trx: Transaction<Database>, rows: Selectable<Database[T]>[]): Promise<void>;
  /** Runs once the insert with new rows has committed (wake a worker). */
  afterCommit?(rows: Selectable<Database[T]>[]): void;
}

/** What the ingest needs to know of a resource apart from its rows. */
type ResourceFacts = Pick<LeadResource, 'path' | 'table' | 'secretField' | 'refusal'>;

/** Any kind's resource, for code that handles them all alike (the batch endpoint). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource is checked where it is defined
export type AnyLeadResource = LeadResource<LeadTable, any>;

export interface Submission {
  key: string | null;
  body: unknown;
}

const inFlight = new Set<string>();

function slot(resource: ResourceFacts, key: string): string {
  return `${resource.table}\u0000${key}`;
}

async function replay<T extends LeadTable>(resource: LeadResource<T>, row: Stored<T>, hash: string, secret: unknown): Promise<Answer> {
  if (row.request_hash !== hash) return conflict();
  if (resource.secretField) {
    const stored = String(row.password_hash ?? '');
    if (typeof secret !== 'string' || !(await verifyPassword(secret, stored))) return conflict();
  }
  return { ...resource.respond(row), replayed: true };
}

function conflict(): Answer {
  return { status: 422, body: { message: API_MESSAGES.idempotencyConflict } };
}
function inFlightAnswer(): Answer {
  return { status: 409, body: { message: API_MESSAGES.idempotencyInFlight } };
}

interface Pending<S extends AnyObjectSchema> {
  index: number;
  key: string | null;
  input: InferType<S>;
  signals: LeadSignals;
  hash: string;
  id: string;
  columns?: Record<string, unknown>;
}

export async function ingest<T extends LeadTable, S extends AnyObjectSchema>(
  db: Kysely<Database>,
  resource: LeadResource<T, S>,
  submissions: Submission[],
  log: (line: string) => void = () => {},
  /** A form sent sooner than this after it was shown is filed as spam (config.spamMinFillMs). */
  minFillMs?: number,
): Promise<Answer[]> {
  const answers: Answer[] = new Array(submissions.length);
  const pending: Pending<S>[] = [];
  const firstByKey = new Map<string, Pending<S>>();
  const duplicates: Array<{ index: number; of: Pending<S>; hash: string; secret: unknown }> = [];
  const claimed: string[] = [];
  const omit = resource.secretField ? [resource.secretField] : [];

  try {
    // 1. Validate and fingerprint; settle in-batch duplicates and in-flight keys.
    for (const [index, submission] of submissions.entries()) {
      const result = validate(resource.schema, submission.body);
      if (!result.ok) {
        answers[index] = { status: result.error.status, body: result.error.toBody() };
        continue;
      }
      const input = result.value;
      const { key } = submission;
      // Only a keyed submission can ever be replayed, so only it needs a fingerprint.
      const hash = key === null ? '' : fingerprint(resource.path, input, omit);
      if (key !== null) {
        const first = firstByKey.get(key);
        if (first !== undefined) {
          duplicates.push({ index, of: first, hash, secret: secretOf(resource, input) });
          continue;
        }
        if (inFlight.has(slot(resource, key))) {
          answers[index] = inFlightAnswer();
          continue;
        }
        inFlight.add(slot(resource, key));
        claimed.push(key);
      }
      const entry: Pending<S> = { index, key, input, signals: signalsOf(submission.body, minFillMs), hash, id: randomUUID() };
      if (key !== null) firstByKey.set(key, entry);
      pending.push(entry);
    }

    // 2. Keys already stored: replay or 422, without touching the secret hasher for new rows.
    const keys = pending.flatMap((p) => (p.key === null ? [] : [p.key]));
    let fresh = pending;
    if (keys.length > 0) {
      const existing = await selectByKeys(db, resource, keys);
      fresh = [];
      for (const p of pending) {
        const row = p.key === null ? undefined : existing.get(p.key);
        if (row) answers[p.index] = await replay(resource, row, p.hash, secretOf(resource, p.input));
        else fresh.push(p);
      }
    }

    // 3. Hash secrets outside any transaction (slow by design).
    await Promise.all(
      fresh.map(async (p) => {
        // The row goes to the database as JSON (insertRows): from here on it is plain data.
        const columns: Record<string, unknown> = { ...resource.toColumns(p.input, p.signals) };
        if (resource.secretField) columns.password_hash = await hashPassword(String(p.input[resource.secretField]));
        p.columns = { id: p.id, ...columns, idempotency_key: p.key, request_hash: p.key === null ? null : p.hash };
      }),
    );

    // 4. Insert. One statement does it all (one round trip, atomic on its own): rows whose
    //    key another request holds right now are filtered out by the advisory lock, rows
    //    whose key is already stored by the unique constraint. Resources with follow-up
    //    work run it in the same transaction. A row the database refuses fails alone.
    if (fresh.length > 0) {
      const { inserted, failed } = await store(
        db,
        resource,
        fresh.map((p) => p.columns!),
      );
      const byId = new Map(inserted.map((r) => [r.id, r]));
      const lost: Pending<S>[] = [];
      for (const p of fresh) {
        const row = byId.get(p.id);
        const error = failed.get(p.id);
        if (row) answers[p.index] = resource.respond(row);
        else if (error !== undefined) answers[p.index] = refused(resource, error, log);
        else lost.push(p);
      }
      if (lost.length > 0) {
        // Either stored by another request in the meantime (replay or 422), or still
        // being processed by one (its lock was held: 409, retry shortly).
        const existing = await selectByKeys(
          db,
          resource,
          lost.map((p) => p.key!),
        );
        for (const p of lost) {
          const row = existing.get(p.key!);
          answers[p.index] = row ? await replay(resource, row, p.hash, secretOf(resource, p.input)) : inFlightAnswer();
        }
      }
      if (inserted.length > 0) resource.afterCommit?.(inserted);
    }

    // 5. Repeats of a key inside the same batch answer like a retry of the first.
    for (const d of duplicates) {
      const first = answers[d.of.index];
      if (!first) {
        answers[d.index] = inFlightAnswer();
      } else if (d.of.hash !== d.hash || d.secret !== secretOf(resource, d.of.input)) {
        answers[d.index] = conflict();
      } else {
        answers[d.index] = { ...first, replayed: true };
      }
    }
    return answers;
  } finally {
    for (const key of claimed) inFlight.delete(slot(resource, key));
  }
}

function secretOf(resource: ResourceFacts, input: Record<string, unknown>): unknown {
  return resource.secretField ? input[resource.secretField] : undefined;
}

interface StoreOutcome<T extends LeadTable> {
  inserted: Stored<T>[];
  /** Rows the database refused, by id, with its error. */
  failed: Map<string, unknown>;
}

/** Inserts new rows: grouped with other requests' rows, or in a transaction with the resource's follow-up work. */
function store<T extends LeadTable>(
  db: Kysely<Database>,
  resource: LeadResource<T>,
  rows: Record<string, unknown>[],
): Promise<StoreOutcome<T>> {
  const afterInsert = resource.afterInsert;
  if (!afterInsert) return coalescerFor(db, resource).insert(rows);
  return isolateFailures(rows, (some) =>
    db.transaction().execute(async (trx) => {
      const inserted = await insertRows(trx, resource, some);
      if (inserted.length > 0) await afterInsert(trx, inserted);
      return inserted;
    }),
  );
}

/**
 * Runs `attempt` on all rows at once; if the database refuses that for any reason but its
 * own absence, tries each row on its own, so a row that cannot be stored fails alone and
 * never takes the others (other people's submissions, in a grouped statement) with it.
 * A lost database is thrown: every row waits for it alike (503, retried).
 */
async function isolateFailures<T extends LeadTable>(
  rows: Record<string, unknown>[],
  attempt: (rows: Record<string, unknown>[]) => Promise<Stored<T>[]>,
): Promise<StoreOutcome<T>> {
  try {
    return { inserted: await attempt(rows), failed: new Map() };
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    if (rows.length === 1) return { inserted: [], failed: new Map([[rows[0]!.id as string, err]]) };
  }
  const outcome: StoreOutcome<T> = { inserted: [], failed: new Map() };
  for (const row of rows) {
    try {
      outcome.inserted.push(...(await attempt([row])));
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      outcome.failed.set(row.id as string, err);
    }
  }
  return outcome;
}

/**
 * The answer for a row the database refused. A rule of the resource's own (one registration
 * per email) gives the resource's answer. Otherwise validation is meant to stop anything it
 * cannot store, so this is logged as our bug; a data error (SQLSTATE class 22) is the
 * row's own fault and final (the outbox shows it as needing attention instead of retrying
 * it forever in front of everything queued after it), anything else is a 500.
 */
function refused(resource: ResourceFacts, err: unknown, log: (line: string) => void): Answer {
  const own = resource.refusal?.(err);
  if (own) return own;
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  log(`insert into ${resource.table} refused one row (${typeof code === 'string' ? code : 'no code'}): ${message}`);
  if (typeof code === 'string' && code.startsWith('22')) return { status: 400, body: { message: API_MESSAGES.unstorable } };
  return { status: 500, body: { message: API_MESSAGES.internal } };
}

/**
 * Group commit for single-statement inserts: while a few inserts of a resource are in
 * flight, new submissions wait and go together in the next statement. A lone request
 * goes at once; under a classroom's burst, one round trip and one commit carry many rows.
 * Every row keeps its own idempotency check (the statement is the same), and a waiter
 * gets back only its own rows.
 */
class InsertCoalescer<T extends LeadTable> {
  private queue: Array<{ rows: Record<string, unknown>[]; resolve: (outcome: StoreOutcome<T>) => void; reject: (err: unknown) => void }> =
    [];
  private running = 0;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly resource: LeadResource<T>,
    // Two in flight measured best here (4 and more split the groups; one lets a single slow
    // statement hold up every submission of its kind).
    private readonly maxInFlight = 2,
    private readonly maxRows = 500,
  ) {}

  insert(rows: Record<string, unknown>[]): Promise<StoreOutcome<T>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.maxInFlight && this.queue.length > 0) {
      const batch: typeof this.queue = [];
      let count = 0;
      while (this.queue.length > 0 && (batch.length === 0 || count + this.queue[0]!.rows.length <= this.maxRows)) {
        const waiter = this.queue.shift()!;
        batch.push(waiter);
        count += waiter.rows.length;
      }
      this.running++;
      isolateFailures(
        batch.flatMap((w) => w.rows),
        (rows) => insertRows(this.db, this.resource, rows),
      )
        .then(
          ({ inserted, failed }) => {
            const byId = new Map(inserted.map((r) => [r.id, r]));
            for (const w of batch) {
              const mine = new Map<string, unknown>();
              for (const r of w.rows) if (failed.has(r.id as string)) mine.set(r.id as string, failed.get(r.id as string));
              w.resolve({ inserted: w.rows.flatMap((r) => byId.get(r.id as string) ?? []), failed: mine });
            }
          },
          (err: unknown) => {
            for (const w of batch) w.reject(err);
          },
        )
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}

/** One coalescer per database and table (a table's rows are always inserted for the same kind). */
const coalescers = new WeakMap<Kysely<Database>, Map<LeadTable, unknown>>();
function coalescerFor<T extends LeadTable>(db: Kysely<Database>, resource: LeadResource<T>): InsertCoalescer<T> {
  let byTable = coalescers.get(db);
  if (!byTable) coalescers.set(db, (byTable = new Map()));
  let coalescer = byTable.get(resource.table) as InsertCoalescer<T> | undefined;
  if (!coalescer) byTable.set(resource.table, (coalescer = new InsertCoalescer<T>(db, resource)));
  return coalescer;
}

/** Insert statements compiled once per table and column list (Kysely compiles per call). */
const insertStatements = new Map<string, string>();

function insertStatement(db: Kysely<Database>, resource: ResourceFacts, columns: string[]): string {
  const cacheKey = `${resource.table}\u0000${columns.join(',')}`;
  let text = insertStatements.get(cacheKey);
  if (text === undefined) {
    const table = sql.table(resource.table);
    // jsonb_populate_recordset types every value by the table's own column types, so one
    // parameter ($1, the rows as JSON, given by insertRows) carries the whole batch whatever
    // its size. The lock key's prefix is our own table name, so it is a literal.
    text = sql`
      insert into ${table} (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(columns.map((c) => sql.ref(`v.${c}`)))}
      from jsonb_populate_recordset(null::${table}, ${null}::jsonb) as v
      where v.idempotency_key is null
         or pg_try_advisory_xact_lock(hashtextextended(${sql.lit(resource.table + ':')} || v.idempotency_key, 0))
      on conflict (idempotency_key) do nothing
      returning *`.compile(db).sql;
    insertStatements.set(cacheKey, text);
  }
  return text;
}

async function insertRows<T extends LeadTable>(
  db: Kysely<Database>,
  resource: LeadResource<T>,
  rows: Record<string, unknown>[],
): Promise<Stored<T>[]> {
  const text = insertStatement(db, resource, Object.keys(rows[0]!));
  // `returning *` of the resource's own table.
  const result = await db.executeQuery<Stored<T>>(CompiledQuery.raw(text, [JSON.stringify(rows)]));
  return result.rows;
}

async function selectByKeys<T extends LeadTable>(
  db: Kysely<Database>,
  resource: LeadResource<T>,
  keys: string[],
): Promise<Map<string, Stored<T>>> {
  const result = await sql<Stored<T>>`select * from ${sql.table(resource.table)} where idempotency_key = any(${keys}::text[])`.execute(db);
  return new Map(result.rows.map((r) => [r.idempotency_key!, r]));
}
