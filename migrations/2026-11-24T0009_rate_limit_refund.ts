// Giving back allowance an instance took but did not use (api/lib/rate-limit.ts): under a
// flood from one address an instance takes a little more than the waiting requests cost,
// to serve the next ones without a round trip, and only within the second it was charged
// to. What is left when that second ends comes back here, to the bucket it was charged
// to, so leasing never costs an address any of its allowance for longer than a moment.
//
// rate_limit_refund(addresses, seconds, amounts): for each, subtracts the amount from the
// bucket of that second while it is still in the window (and never below zero); a bucket
// that has left the window, or a window swept away, has nothing to give back. Callers pass
// addresses sorted, as for rate_limit_take, so the row locks cannot deadlock.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function rate_limit_refund(p_addresses text[], p_seconds bigint[], p_amounts integer[])
    returns void
    language plpgsql as $$
    declare
      buckets constant integer := 61;
      w rate_limit_windows%rowtype;
      k integer;
      i integer;
      back integer;
    begin
      for k in 1 .. coalesce(array_length(p_addresses, 1), 0) loop
        select * into w from rate_limit_windows r where r.address = p_addresses[k] for update;
        continue when not found or p_seconds[k] > w.second or p_seconds[k] <= w.second - buckets;
        i := (p_seconds[k] % buckets)::integer + 1;
        back := least(greatest(p_amounts[k], 0), w.counts[i]);
        update rate_limit_windows r
          set counts[i] = w.counts[i] - back, total = w.total - back
          where r.address = p_addresses[k];
      end loop;
    end $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function rate_limit_refund(text[], bigint[], integer[])`.execute(db);
}
