// After "Book my seat": the reference at once (even offline), whether the booking has
// reached us, and how to pay: the package's payment page carrying the reference, and UPI
// with its QR and the UTR field when the business takes UPI directly.
import {
  PAID_PACKAGES,
  paymentLinkWithReference,
  rupeesText,
  upiUri,
  type BookingOptions,
  type PaidPackage,
} from '../../../contract/bookings.ts';
import type { Booked } from './BookingForm.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { GatewayPay } from './GatewayPay.tsx';
import { useBookingPayment } from './useBookingPayment.ts';
import { UpiPay } from './UpiPay.tsx';
import { UtrForm } from './UtrForm.tsx';
import { useDelivered } from './useDelivered.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { useLeadFormWords } from '../../i18n/useLeadFormWords.ts';

function Payment({ booked, payment, delivered }: { booked: Booked; payment: BookingOptions['payment']; delivered: boolean }) {
  const pkg = booked.package as PaidPackage;
  const rupees = PAID_PACKAGES[pkg].rupees;
  const amount = rupeesText(rupees);
  // With a gateway, the booking's own link (made once the booking has reached the server).
  const state = useBookingPayment(booked.reference, Boolean(payment.gateway) && delivered);
  const w = useLeadFormWords().booking;
  return (
    <div className="booking__pay">
      <h3>{fill(w.payFor, { amount })}</h3>
      {payment.gateway ? (
        <GatewayPay state={state} rupees={rupees} />
      ) : (
        <a
          className="btn btn--primary"
          href={paymentLinkWithReference(payment.links[pkg], booked.reference)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="payment-link"
        >
          {w.payOnline}
          <span className="visually-hidden">{w.opensPayment}</span>
        </a>
      )}
      {payment.upi && (
        <>
          <UpiPay uri={upiUri(payment.upi, rupees, booked.reference)} amount={amount} payee={payment.upi} />
          <UtrForm reference={booked.reference} />
        </>
      )}
    </div>
  );
}

export function BookingConfirmation({ booked, options }: { booked: Booked; options: BookingOptions | undefined }) {
  const delivered = useDelivered(booked.id, booked.sent);
  const w = useLeadFormWords().booking;
  return (
    <div className="booking__done" data-testid="booking-confirmation">
      <p className="booking__reference">
        {w.reference} <strong data-testid="booking-reference">{booked.reference}</strong>
        <CopyButton text={booked.reference} label={w.copyReference} />
      </p>
      <p role="status" data-testid="booking-delivery">
        {delivered ? w.reached : w.savedHere}
      </p>
      {options ? <Payment booked={booked} payment={options.payment} delivered={delivered} /> : <p>{w.paymentLater}</p>}
    </div>
  );
}
