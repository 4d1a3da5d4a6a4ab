// Exactly-once ingestion of public submissions, shared by every single POST and by the
// batch endpoint (a single POST is a batch of one, so both give the same answers).
//
// For each submission with an Idempotency-Key (the protocol's answers: idempotency.ts):
//   - a key already stored with the same fingerprint replays the original answer;
//   - a key stored with another fingerprint is 422;
//   - a key another request is processing right now is 409 (retryable): in this
//     instance via its in-flight keys (in-flight.ts), across instances via a
//     transaction-scoped advisory lock on the key (statements.ts);
//   - otherwise the row is inserted with ON CONFLICT (idempotency_key) DO NOTHING, so the
//     unique constraint is the final word even if two instances race (store.ts, with
//     group commit for single-statement kinds: group-commit.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AnyObjectSchema, InferType } from 'yup';
import type { Database, LeadTable } from '../db/schema.ts';
import type { PublishEvent } from '../leads/event-publisher.ts';
import { fingerprint } from '../lib/fingerprint.ts';
import { hashPassword } from '../auth/passwords.ts';
import { validate } from '../http/validate.ts';
import { inFlightAnswer, repeatAnswer, replay, secretOf } from './idempotency.ts';
import { createInFlightKeys, type InFlightKeys } from './in-flight.ts';
import { selectByKeys, type RowValues } from './statements.ts';
import { signalsOf, type Answer, type Ingest, type LeadResource, type LeadSignals, type Submission } from './resource.ts';
import { createRowStore, refusedAnswer, type RowStore } from './store.ts';

// The types every part of the ingest and every kind share live in resource.ts, so the
// parts (idempotency.ts, store.ts) need not import this file back.
export {
  signalsOf,
  type AnyLeadResource,
  type Answer,
  type Ingest,
  type LeadColumns,
  type LeadResource,
  type LeadSignals,
  type Submission,
} from './resource.ts';

export interface IngestOptions {
  db: Kysely<Database>;
  log?: (line: string) => void;
  /** A form sent sooner than this after it was shown is filed as spam (config.spamMinFillMs). */
  minFillMs?: number;
  /** Sends the live console's events of committed rows (leads/event-publisher.ts). */
  publish?: PublishEvent;
}

/** A submission that passed validation and is this request's to store. */
interface Candidate<S extends AnyObjectSchema> {
  index: number;
  key: string | null;
  input: InferType<S>;
  signals: LeadSignals;
  /** The fingerprint ('' for a submission without a key: it can never be replayed). */
  hash: string;
}

/** A later submission in the same batch with the key of `first`. */
interface Repeat<S extends AnyObjectSchema> {
  index: number;
  first: Candidate<S>;
  hash: string;
  secret: unknown;
}

/** One app's ingest: its own in-flight keys and group commits, as a separate instance would have. */
export function createIngest(options: IngestOptions): Ingest {
  const { db, log = () => {}, minFillMs, publish } = options;
  const inFlight = createInFlightKeys();
  const store = createRowStore(db);
  return async (resource, submissions) => {
    const answers: Answer[] = new Array(submissions.length);
    const claimed: string[] = [];
    try {
      const { candidates, repeats } = sort(resource, submissions, answers, inFlight, claimed, minFillMs);
      // Most submissions are new: their insert is their only statement, and a key already
      // stored comes back from it as not written and is replayed then (storeFresh). A kind with
      // a secret asks first, so a replay is not hashed again (slow by design).
      const fresh = resource.secretField ? await replayStored(db, resource, candidates, answers) : candidates;
      if (fresh.length > 0) await storeFresh(db, store, resource, fresh, answers, log, publish);
      for (const r of repeats) {
        const same = r.first.hash === r.hash && r.secret === secretOf(resource, r.first.input);
        answers[r.index] = repeatAnswer(answers[r.first.index], same);
      }
      return answers;
    } finally {
      for (const key of claimed) inFlight.release(resource.table, key);
    }
  };
}

/**
 * Validates and fingerprints each submission: invalid ones and keys this instance holds
 * are answered at once, repeats of a key earlier in the batch wait for its answer, and the
 * rest are claimed (their keys added to `claimed`) as candidates to store.
 */
function sort<T extends LeadTable, S extends AnyObjectSchema>(
  resource: LeadResource<T, S>,
  submissions: Submission[],
  answers: Answer[],
  inFlight: InFlightKeys,
  claimed: string[],
  minFillMs: number | undefined,
): { candidates: Candidate<S>[]; repeats: Repeat<S>[] } {
  const omit = resource.secretField ? [resource.secretField] : [];
  const candidates: Candidate<S>[] = [];
  const repeats: Repeat<S>[] = [];
  const firstByKey = new Map<string, Candidate<S>>();
  for (const [index, { key, body }] of submissions.entries()) {
    const result = validate(resource.schema, body);
    if (!result.ok) {
      answers[index] = { status: result.error.status, body: result.error.toBody() };
      continue;
    }
    const input = result.value;
    const hash = key === null ? '' : fingerprint(resource.path, input, omit);
    if (key !== null) {
      const first = firstByKey.get(key);
      if (first !== undefined) {
        repeats.push({ index, first, hash, secret: secretOf(resource, input) });
        continue;
      }
      if (!inFlight.claim(resource.table, key)) {
        answers[index] = inFlightAnswer();
        continue;
      }
      claimed.push(key);
    }
    const candidate: Candidate<S> = { index, key, input, signals: signalsOf(body, minFillMs), hash };
    if (key !== null) firstByKey.set(key, candidate);
    candidates.push(candidate);
  }
  return { candidates, repeats };
}

/** Answers candidates whose key is already stored (replay or 422); the others, still to store. */
async function replayStored<T extends LeadTable, S extends AnyObjectSchema>(
  db: Kysely<Database>,
  resource: LeadResource<T, S>,
  candidates: Candidate<S>[],
  answers: Answer[],
): Promise<Candidate<S>[]> {
  const keys = candidates.flatMap((c) => (c.key === null ? [] : [c.key]));
  if (keys.length === 0) return candidates;
  const existing = await selectByKeys(db, resource.table, keys);
  const fresh: Candidate<S>[] = [];
  for (const c of candidates) {
    const row = c.key === null ? undefined : existing.get(c.key);
    if (row) answers[c.index] = await replay(resource, row, c.hash, secretOf(resource, c.input));
    else fresh.push(c);
  }
  return fresh;
}

/**
 * Builds the new rows (hashing secrets outside any transaction: slow by design) and stores
 * them. A row neither stored nor refused lost a race: its key was stored by another
 * request meanwhile (replay or 422) or is being stored by one right now (409).
 */
async function storeFresh<T extends LeadTable, S extends AnyObjectSchema>(
  db: Kysely<Database>,
  store: RowStore,
  resource: LeadResource<T, S>,
  fresh: Candidate<S>[],
  answers: Answer[],
  log: (line: string) => void,
  publish: PublishEvent | undefined,
): Promise<void> {
  const rows = await Promise.all(
    fresh.map(async (c): Promise<RowValues> => {
      const columns: Record<string, unknown> = { ...resource.toColumns(c.input, c.signals, c.key) };
      if (resource.secretField) columns.password_hash = await hashPassword(String(c.input[resource.secretField]));
      return { id: randomUUID(), ...columns, idempotency_key: c.key, request_hash: c.key === null ? null : c.hash };
    }),
  );
  const { written, failed } = await store(resource, rows);
  const lost: Array<{ candidate: Candidate<S>; key: string }> = [];
  for (const [i, c] of fresh.entries()) {
    const id = rows[i]!.id;
    const row = written.get(id);
    if (row) answers[c.index] = resource.respond(row);
    else if (failed.has(id)) answers[c.index] = refusedAnswer(resource, failed.get(id), log);
    else lost.push({ candidate: c, key: c.key! });
  }
  if (lost.length > 0) {
    const existing = await selectByKeys(
      db,
      resource.table,
      lost.map((l) => l.key),
    );
    for (const { candidate, key } of lost) {
      const row = existing.get(key);
      answers[candidate.index] = row ? await replay(resource, row, candidate.hash, secretOf(resource, candidate.input)) : inFlightAnswer();
    }
  }
  if (written.size > 0) {
    const committed = [...written.values()];
    resource.afterCommit?.(committed);
    const event = publish ? resource.liveEvent?.(committed) : undefined;
    if (event) publish?.(event);
  }
}
