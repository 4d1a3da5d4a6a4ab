// On a relay, every submission it took goes into its queue for the upstream: the app's
// ingest, wrapped. A submission answered 2xx (stored now, or a replay of one stored before)
// is queued with its own Idempotency-Key, path and body as the phone sent them, before the
// phone hears the answer; a retry queues nothing twice (the key is the queue's primary key),
// and one whose first answer was lost is queued by its retry. Refused submissions (400, 422)
// are not forwarded: the upstream would refuse them alike.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Ingest } from '../ingest/ingest.ts';

export function relayIngest(ingest: Ingest, db: Kysely<Database>, onQueued: () => void): Ingest {
  return async (resource, submissions) => {
    const answers = await ingest(resource, submissions);
    const taken = submissions.flatMap((s, i) =>
      answers[i] && answers[i].status >= 200 && answers[i].status < 300
        ? // The spec's own client may send no key: the relay gives its forwarding one, once.
          [{ key: s.key ?? `relay-${randomUUID()}`, path: resource.path, body: JSON.stringify(s.body) }]
        : [],
    );
    if (taken.length > 0) {
      await db
        .insertInto('relay_queue')
        .values(taken)
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      onQueued();
    }
    return answers;
  };
}
