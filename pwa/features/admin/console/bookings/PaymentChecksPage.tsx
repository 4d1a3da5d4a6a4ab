// /admin/payments: the gateway's events that paid nothing because they did not bear out a
// booking (rupees for paise, another currency, an unknown reference, a part payment, a body
// it could not read): kept for an admin to look at, each with its reason.
import { BOOKING_PATHS, type PaymentEventRecord } from '../../../../../contract/bookings.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { ConsoleTable } from '../common/ConsoleTable.tsx';
import { LoadState } from '../common/LoadState.tsx';
import { useAdminData } from '../common/use-admin-data.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
const rupees = (paise: number | null, currency: string | null) =>
  paise === null ? '—' : `${currency ?? ''} ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`.trim();

export default function PaymentChecksPage() {
  const [loaded, reload] = useAdminData<{ data: PaymentEventRecord[] }>(
    `${BOOKING_PATHS.paymentEvents}?outcome=needs-look`,
    'Could not load the payments to check',
  );
  return (
    <section aria-labelledby="console-title" className="console-settings">
      <Meta title="Payments to check | Admin" description="Gateway events that need a look." robots="noindex" />
      <h1 id="console-title">Payments to check</h1>
      <p>What the payment gateway said that marked nothing paid, because it did not match a booking. Each needs a look.</p>
      <LoadState loaded={loaded} onRetry={reload} empty={(d) => d.data.length === 0 && 'Nothing to check.'}>
        {({ data }) => (
          <ConsoleTable headers={['Received', 'Reference', 'Amount', 'Reason', 'Event']} testId="payment-checks">
            {data.map((e) => (
              <tr key={e._id}>
                <td>{when(e.receivedAt)}</td>
                <td>{e.reference ?? '—'}</td>
                <td>{rupees(e.amountPaise, e.currency)}</td>
                <td>{e.reason}</td>
                <td>
                  {e.gateway}: {e.event}
                  {e.paymentId ? ` (${e.paymentId})` : ''}
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </LoadState>
    </section>
  );
}
