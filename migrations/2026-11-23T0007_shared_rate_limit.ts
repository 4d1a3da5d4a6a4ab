// The public rate limit, shared by every API instance on this database (issue 13): before
// it, each process counted on its own, so N instances allowed N times the limit.
//
// rate_limit_windows: one row per client address, a sliding window of 61 one-second
// buckets (counts[1..61], bucket of second s at index s % 61 + 1), `second` the newest
// bucket's whole second, `total` their sum. UNLOGGED: it is written on every public POST
// and is worth nothing after a crash (a crash forgets at most a minute of counts), so it
// skips the write-ahead log; an unlogged table is emptied by crash recovery, never left
// half-written.
//
// rate_limit_take(addresses, costs, limit, now): takes each address's cost from its
// window and returns what was granted and, when not all of it, the seconds until room
// frees up. The row lock (FOR UPDATE) makes two instances taking from one address at
// once wait for each other, so the window never over-admits. Callers pass addresses
// sorted, so two batches lock rows in one order and cannot deadlock.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create unlogged table rate_limit_windows (
      address text primary key,
      second bigint not null,
      counts integer[] not null,
      total integer not null
    )
  `.execute(db);
  await sql`
    create function rate_limit_take(p_addresses text[], p_costs integer[], p_limit integer, p_now double precision)
    returns table (address text, granted integer, retry_after integer)
    language plpgsql as $$
    declare
      buckets constant integer := 61;
      sec bigint := floor(p_now);
      w rate_limit_windows%rowtype;
      k integer;
      s bigint;
      i integer;
      g integer;
      age integer;
    begin
      for k in 1 .. coalesce(array_length(p_addresses, 1), 0) loop
        insert into rate_limit_windows as r (address, second, counts, total)
          values (p_addresses[k], sec, array_fill(0, array[buckets]), 0)
          on conflict on constraint rate_limit_windows_pkey do nothing;
        select * into w from rate_limit_windows r where r.address = p_addresses[k] for update;
        if sec > w.second then
          -- Empty the buckets that have left the window.
          for s in w.second + 1 .. least(sec, w.second + buckets) loop
            i := (s % buckets)::integer + 1;
            w.total := w.total - w.counts[i];
            w.counts[i] := 0;
          end loop;
          w.second := sec;
        end if;
        -- (A clock behind the newest bucket counts against the newest bucket.)
        g := least(p_costs[k], greatest(0, p_limit - w.total));
        i := (w.second % buckets)::integer + 1;
        w.counts[i] := w.counts[i] + g;
        w.total := w.total + g;
        update rate_limit_windows r set second = w.second, counts = w.counts, total = w.total
          where r.address = p_addresses[k];
        address := p_addresses[k];
        granted := g;
        retry_after := 0;
        if g < p_costs[k] then
          -- The oldest bucket holding anything frees its room when it leaves the window.
          retry_after := buckets;
          for age in reverse buckets - 1 .. 0 loop
            if w.counts[((w.second - age) % buckets)::integer + 1] > 0 then
              retry_after := greatest(1, ceil(w.second - age + buckets - p_now))::integer;
              exit;
            end if;
          end loop;
        end if;
        return next;
      end loop;
    end $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function rate_limit_take(text[], integer[], integer, double precision)`.execute(db);
  await sql`drop table rate_limit_windows`.execute(db);
}
