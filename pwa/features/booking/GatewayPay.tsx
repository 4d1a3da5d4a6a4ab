// The booking's own payment link from the gateway: "on its way" while it is being made,
// the link once it exists, and "Paid" once the gateway has said so.
import { rupeesText, type BookingPaymentState } from '../../../contract/bookings.ts';

export function GatewayPay({ state, rupees }: { state: BookingPaymentState | undefined; rupees: number }) {
  if (state?.status === 'paid' || state?.status === 'enrolled')
    return (
      <p role="status" className="booking__paid" data-testid="payment-paid">
        Paid — thank you! Your seat is confirmed.
      </p>
    );
  if (state?.paymentUrl)
    return (
      <a className="btn btn--primary" href={state.paymentUrl} data-testid="payment-link">
        Pay {rupeesText(rupees)} online (card, net banking, UPI)
      </a>
    );
  return (
    <p role="status" data-testid="payment-link-pending">
      {state && !state.linkPending
        ? 'This payment link has expired. Please call us and we will send a new one.'
        : 'Your payment link is on its way: it appears here in a moment.'}
    </p>
  );
}
