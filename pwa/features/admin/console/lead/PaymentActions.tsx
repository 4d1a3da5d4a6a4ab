// A seat booking's payment in the console: where it stands, and the next
// step an admin takes once the money is seen in the bank (paid), then when the student
// joins their batch (enrolled). An unpaid booking stays a lead for the desk to follow up.
import { useState } from 'react';
import { BOOKING_PATHS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../../../contract/bookings.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { AdminRequestError, adminRequest } from '../common/request.ts';

const NEXT: Partial<Record<PaymentStatus, { to: PaymentStatus; label: string }>> = {
  'payment-pending': { to: 'paid', label: 'Confirm payment received' },
  paid: { to: 'enrolled', label: 'Mark enrolled' },
};

export function PaymentActions({ id, status, onChanged }: { id: string; status: PaymentStatus; onChanged: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const next = NEXT[status];
  const move = async (to: PaymentStatus) => {
    setBusy(true);
    try {
      await adminRequest(`${BOOKING_PATHS.payment}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { paymentStatus: to } });
      toast.show(`Payment: ${PAYMENT_STATUS_LABELS[to]}`, 'success');
      onChanged();
    } catch (err) {
      if (err instanceof AdminRequestError && err.status !== 401)
        toast.show(err.serverMessage ?? 'Could not save. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
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
