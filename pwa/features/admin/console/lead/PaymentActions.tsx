// A seat booking's payment in the console: where it stands, and the next
// step an admin takes once the money is seen in the bank (paid), then when the student
// joins their batch (enrolled). An unpaid booking stays a lead for the desk to follow up.
import { BOOKING_PATHS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../../../contract/bookings.ts';
import { adminRequest } from '../common/request.ts';
import { useChange } from '../common/use-change.ts';

const NEXT: Partial<Record<PaymentStatus, { to: PaymentStatus; label: string }>> = {
  'payment-pending': { to: 'paid', label: 'Confirm payment received' },
  paid: { to: 'enrolled', label: 'Mark enrolled' },
};

export function PaymentActions({ id, status, onChanged }: { id: string; status: PaymentStatus; onChanged: () => void }) {
  const [busy, change] = useChange(onChanged);
  const next = NEXT[status];
  const move = (to: PaymentStatus) =>
    change(
      () => adminRequest(`${BOOKING_PATHS.payment}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { paymentStatus: to } }),
      `Payment: ${PAYMENT_STATUS_LABELS[to]}`,
    );
  return (
    <section className="lead-payment" aria-label="Payment">
      <p>
        Payment: <strong data-testid="payment-status">{PAYMENT_STATUS_LABELS[status]}</strong>
      </p>
      {next && (
        <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => void move(next.to)}>
          {next.label}
        </button>
      )}
    </section>
  );
}
