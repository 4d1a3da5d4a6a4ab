// GET /api/admin/relay (trainers, admins): on a relay, what waits for the upstream, what has
// gone and what the upstream refused (with its last reason); on any other instance, that it
// is not a relay.
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { RelayStatus } from '../../contract/relay.ts';
import type { Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';

export function relayStatus(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'sessions.run'), async (c) => {
    const counts = await deps.db
      .selectFrom('relay_queue')
      .select([
        sql<string>`count(*) filter (where state = 'waiting')`.as('waiting'),
        sql<string>`count(*) filter (where state = 'forwarded')`.as('forwarded'),
        sql<string>`count(*) filter (where state = 'failed')`.as('failed'),
        sql<string | null>`(array_agg(last_error order by created_at desc) filter (where last_error is not null))[1]`.as('last_error'),
        sql<
          string | null
        >`(array_agg(last_error order by created_at desc) filter (where last_error is not null and state = 'waiting'))[1]`.as(
          'waiting_reason',
        ),
      ])
      .executeTakeFirstOrThrow();
    const body: RelayStatus = {
      relay: deps.config.relay !== undefined,
      upstream: deps.config.relay?.upstreamUrl ?? null,
      waiting: Number(counts.waiting),
      forwarded: Number(counts.forwarded),
      failed: Number(counts.failed),
      lastError: counts.last_error,
      waitingReason: counts.waiting_reason,
    };
    return c.json(body);
  });
}
