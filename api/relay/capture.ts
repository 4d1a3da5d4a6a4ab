// On a relay: every submission is written to relay_outbox, as the phone sent it, before it
// is ingested here. So whatever a phone was answered is forwarded: a crash between the two
// writes leaves the submission in relay_outbox and the phone, unanswered, sends it again
// (the key's unique constraint keeps one copy). Each keeps its own Idempotency-Key
// upstream, so the upstream stores it once however often the relay delivers it.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Ingest } from '../ingest/ingest.ts';

export function relayingIngest(inner: Ingest, db: Kysely<Database>, captured: () => void): Ingest {
  return async (resource, submissions) => {
    if (submissions.length > 0) {
      await db
        .insertInto('relay_outbox')
        .values(
          submissions.map((s) => ({
            // A submission without a key (not from the PWA's outbox) gets one for its way upstream.
            idempotency_key: s.key ?? `relay-${randomUUID()}`,
            path: resource.path,
            body: JSON.stringify(s.body ?? null),
          })),
        )
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      captured();
    }
    return inner(resource, submissions);
  };
}
