// Payments through a gateway: each booking's own payment link (made after the booking is
// stored, retried with back-off, then checked against the gateway until paid or two days
// old), what "paid" carries (the gateway's payment id, method and time), the UTR a visitor
// types kept as a claim to verify (one UTR, one booking), and every gateway event, recorded
// once by its id in the transaction that applies it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('gateway', 'text')
    .addColumn('payment_link_id', 'text')
    .addColumn('payment_url', 'text')
    .addColumn('link_status', 'text')
    .addColumn('link_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link_next_at', 'timestamptz')
    .addColumn('link_error', 'text')
    .addColumn('check_next_at', 'timestamptz')
    .addColumn('payment_id', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('utr_status', 'text', (c) => c.check(sql`utr_status in ('to-verify', 'verified')`))
    .addColumn('utr_verified_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('utr_verified_label', 'text')
    .addColumn('utr_verified_at', 'timestamptz')
    .execute();
  // The links still to make, and the links still to check: small partial indexes the
  // workers' claims read every few seconds.
  await sql`create index bookings_link_due_idx on bookings (link_next_at nulls first, created_at)
    where payment_link_id is null and payment_status = 'payment-pending'`.execute(db);
  await sql`create index bookings_check_due_idx on bookings (check_next_at)
    where check_next_at is not null and payment_status = 'payment-pending'`.execute(db);
  await sql`create unique index bookings_payment_link_id_key on bookings (payment_link_id) where payment_link_id is not null`.execute(db);

  // A UTR typed before this migration was taken as said; from now on it is a claim to verify.
  await sql`update bookings set utr = upper(utr), utr_status = 'to-verify' where utr is not null`.execute(db);
  // One UTR, one booking: a UTR also typed on an earlier booking is taken off the later ones
  // (their history says so), so the unique index below can hold.
  await sql`
    with later as (
      select id, utr from (
        select id, utr, row_number() over (partition by utr order by created_at, id) as n from bookings where utr is not null
      ) ranked where n > 1
    ), noted as (
      insert into lead_history (list, lead_id, admin_id, admin_label, action, note)
      select 'bookings', id, null, 'System', 'note', 'UTR ' || utr || ' removed: it was typed on an earlier booking first'
      from later
    )
    update bookings b set utr = null, utr_status = null from later where b.id = later.id`.execute(db);
  await sql`create unique index bookings_utr_key on bookings (utr) where utr is not null`.execute(db);

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('gateway', 'text', (c) => c.notNull())
    // The gateway's own id for the event (x-razorpay-event-id): a replay finds it here.
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('booking_id', 'uuid', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('reference', 'text')
    .addColumn('link_id', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('amount_paise', 'bigint')
    .addColumn('currency', 'text')
    // applied, unchanged (nothing to do) or needs-look (kept for an admin, with its reason).
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('applied', 'unchanged', 'needs-look')`))
    .addColumn('reason', 'text')
    .addUniqueConstraint('payment_events_gateway_event_key', ['gateway', 'event_id'])
    .execute();
  await sql`create index payment_events_needs_look_idx on payment_events (received_at desc) where outcome = 'needs-look'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  for (const index of ['bookings_utr_key', 'bookings_payment_link_id_key', 'bookings_check_due_idx', 'bookings_link_due_idx'])
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  let alter = db.schema.alterTable('bookings') as any;
  for (const column of [
    'gateway',
    'payment_link_id',
    'payment_url',
    'link_status',
    'link_attempts',
    'link_next_at',
    'link_error',
    'check_next_at',
    'payment_id',
    'payment_method',
    'paid_at',
    'utr_status',
    'utr_verified_by',
    'utr_verified_label',
    'utr_verified_at',
  ])
    alter = alter.dropColumn(column);
  await alter.execute();
}
