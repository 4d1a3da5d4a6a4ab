// Seat bookings (issue 24 part 1): a listed table made by the dated helper, with the booking's
// own columns (its reference, the amount the server computed from the package, where its
// payment stands and the visitor's UTR), and the upcoming batches admins keep for the form.
import { sql, type Kysely } from 'kysely';
import { createListedTable, dropListedTable } from './lib/listed-table-2026-11-26.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await createListedTable(db, {
    table: 'bookings',
    list: 'bookings',
    columns: (t) =>
      t
        .addColumn('programme', 'text', (c) => c.notNull())
        .addColumn('package', 'text', (c) => c.notNull())
        .addColumn('batch', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        // Quoted to the payment page and in the UPI note; unique, so a payment names one booking.
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('payment-pending')
            .check(sql`payment_status in ('payment-pending', 'paid', 'enrolled')`),
        )
        .addColumn('utr', 'text')
        .addColumn('payment_updated_at', 'timestamptz'),
    search: sql`(reference || ' ' || name || ' ' || email || ' ' || phone)`,
    sortColumns: ['reference', 'name', 'email', 'phone', 'programme', 'package', 'payment_status', 'utr', 'batch'],
  });
  await db.schema
    .createTable('booking_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('admins.id').onDelete('set null'))
    .execute();
  await sql`create index booking_batches_starts_on_idx on booking_batches (starts_on)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_batches').execute();
  await dropListedTable(db, 'bookings', 'bookings');
}
