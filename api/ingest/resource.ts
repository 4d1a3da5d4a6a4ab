// The shapes the ingest works with, shared by its parts and by every kind's resource:
// what a kind is (LeadResource), what a submission gets back (Answer), what a body says
// beside its fields (LeadSignals). Kept apart from ingest.ts so its parts import no cycle.
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { AnyObjectSchema, InferType } from 'yup';
import { cleanConsent, type ConsentRecord } from '../../contract/consent.ts';
import { cleanSource, looksLikeBot, type LeadSource } from '../../contract/lead-signals.ts';
import { sessionCodeOf } from '../../contract/sessions.ts';
import type { Database, LeadTable, SiteLanguage } from '../db/schema.ts';
import type { ChannelEvent } from '../leads/events.ts';

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
  /** The classroom session the submission was made in (its code), when it names one that could be a code. */
  session: string | undefined;
  /** The language of the page the form was on ('en' unless it says 'hi'). */
  language: SiteLanguage;
}

export function signalsOf(body: unknown, minFillMs?: number, now: Date = new Date()): LeadSignals {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return {
    source: cleanSource(record.source),
    bot: looksLikeBot(body, minFillMs),
    consent: cleanConsent(record.consent, now),
    session: sessionCodeOf(record.session),
    // The page's language, which the PWA puts beside the fields; anything else is English.
    language: record.lang === 'hi' ? 'hi' : 'en',
  };
}

export interface LeadResource<T extends LeadTable = LeadTable, S extends AnyObjectSchema = AnyObjectSchema> {
  /** The public path, used in the fingerprint and by the batch endpoint. */
  path: string;
  table: T;
  schema: S;
  /** A field stored only as an scrypt hash in `password_hash`. */
  secretField?: 'password';
  /**
   * The row's columns. Every call must give the same set of keys (a grouped insert names them once).
   * `key` is the submission's Idempotency-Key (null without one), for columns derived from it.
   */
  toColumns(input: InferType<S>, signals: LeadSignals, key: string | null): LeadColumns<T>;
  respond(row: Selectable<Database[T]>): Answer;
  /** The answer for a row the database refused because of the resource's own rule (a unique email, say); undefined for anything else. */
  refusal?(err: unknown): Answer | undefined;
  /** Work done in the same transaction as the insert (mail queue, derived rows). */
  afterInsert?(trx: Transaction<Database>, rows: Selectable<Database[T]>[]): Promise<void>;
  /** Runs once the insert with new rows has committed (wake a worker). */
  afterCommit?(rows: Selectable<Database[T]>[]): void;
  /** The live console's event for new rows, sent once they have committed (leads/event-publisher.ts); none when nothing is worth telling. */
  liveEvent?(rows: Selectable<Database[T]>[]): ChannelEvent | undefined;
}

/** Any kind's resource, for code that handles them all alike (the batch endpoint). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource is checked where it is defined
export type AnyLeadResource = LeadResource<LeadTable, any>;

export interface Submission {
  key: string | null;
  body: unknown;
}

/** Ingests one kind's submissions; answers in the submissions' order. */
export type Ingest = <T extends LeadTable, S extends AnyObjectSchema>(
  resource: LeadResource<T, S>,
  submissions: Submission[],
) => Promise<Answer[]>;
