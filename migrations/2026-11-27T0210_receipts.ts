// Payment receipts and the unpaid booking's one reminder.
//
// A receipt's number is gap-free per financial year, as Indian accountants expect: the
// counter's row for the year is taken (and locked) by the transaction that marks the booking
// paid, so a rolled-back payment gives its number back and two instances never share one.
// The receipt keeps the facts it was issued with (number, amount, payment), not the
// student's personal details, which stay on the booking (erasure reaches them there).
//
// payment_reminded_at: set by the update that claims a booking's reminder, in the
// transaction that queues its email, so each unpaid booking is reminded once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receipt_counters')
    // "2026-27": April to March, by the payment's day in IST.
    .addColumn('financial_year', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('receipts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // One receipt per booking; kept if the booking is erased (the books need the number).
    .addColumn('booking_id', 'uuid', (c) => c.unique().references('bookings.id').onDelete('set null'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('programme', 'text', (c) => c.notNull())
    .addColumn('package', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('receipts_year_sequence_key', ['financial_year', 'sequence'])
    .execute();

  await db.schema.alterTable('bookings').addColumn('payment_reminded_at', 'timestamptz').execute();
  // The reminders' claim reads this every few seconds: unpaid bookings not reminded yet.
  await sql`create index bookings_reminder_due_idx on bookings (created_at)
    where payment_status = 'payment-pending' and payment_reminded_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bookings_reminder_due_idx`.execute(db);
  await db.schema.alterTable('bookings').dropColumn('payment_reminded_at').execute();
  await db.schema.dropTable('receipts').execute();
  await db.schema.dropTable('receipt_counters').execute();
}
