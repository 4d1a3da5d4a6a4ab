// The booking's own payment link from the gateway: "on its way" while it is being made,
// the link once it exists, and "Paid" once the gateway has said so.
import { rupeesText, type BookingPaymentState } from '../../../contract/bookings.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { useLeadFormWords } from '../../i18n/useLeadFormWords.ts';

export function GatewayPay({ state, rupees }: { state: BookingPaymentState | undefined; rupees: number }) {
  const w = useLeadFormWords().booking;
  if (state?.status === 'paid' || state?.status === 'enrolled')
    return (
      <p role="status" className="booking__paid" data-testid="payment-paid">
        {w.paid}
      </p>
    );
  if (state?.paymentUrl)
    return (
      <a className="btn btn--primary" href={state.paymentUrl} data-testid="payment-link">
        {fill(w.payAmountOnline, { amount: rupeesText(rupees) })}
      </a>
    );
  return (
    <p role="status" data-testid="payment-link-pending">
      {state && !state.linkPending ? w.linkExpired : w.linkComing}
    </p>
  );
}
