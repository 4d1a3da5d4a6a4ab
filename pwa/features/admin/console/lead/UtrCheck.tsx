// The UTR a visitor typed is a claim: "to verify" until a counsellor finds it in the bank
// statement and confirms it here (who and when are kept), which marks the booking paid.
import { BOOKING_PATHS, UTR_STATUS_LABELS, type UtrStatus } from '../../../../../contract/bookings.ts';
import { adminRequest } from '../common/request.ts';
import { useChange } from '../common/use-change.ts';

export interface UtrClaim {
  utr: string;
  utrStatus: UtrStatus | null;
  utrVerifiedBy: string | null;
  utrVerifiedAt: string | null;
}

export function UtrCheck({ id, claim, onChanged }: { id: string; claim: UtrClaim; onChanged: () => void }) {
  const [busy, change] = useChange(onChanged);
  const status: UtrStatus = claim.utrStatus ?? 'to-verify';
  const confirm = () =>
    change(
      () => adminRequest(`${BOOKING_PATHS.payment}/${encodeURIComponent(id)}/utr`, { method: 'POST' }),
      'UTR confirmed: the booking is paid',
    );
  return (
    <section className="lead-payment" aria-label="UTR">
      <p>
        UTR <strong>{claim.utr}</strong>: <span data-testid="utr-status">{UTR_STATUS_LABELS[status]}</span>
        {status === 'verified' && claim.utrVerifiedBy && (
          <>
            {' '}
            by {claim.utrVerifiedBy}
            {claim.utrVerifiedAt && <> on {new Date(claim.utrVerifiedAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })}</>}
          </>
        )}
      </p>
      {status === 'to-verify' && (
        <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => void confirm()}>
          Confirm UTR (found in the bank statement)
        </button>
      )}
    </section>
  );
}
