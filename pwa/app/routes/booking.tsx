// /booking/{reference}: the visitor's booking page, where the gateway sends them back after
// paying: the booking, where its payment stands ("Paid" once the gateway has said so), and
// its own payment link while it is unpaid, and its receipt once paid.
import { useParams } from 'react-router-dom';
import { receiptPath, rupeesText } from '../../../contract/bookings.ts';
import { Meta } from '../../components/Meta.tsx';
import { GatewayPay } from '../../features/booking/GatewayPay.tsx';
import { useBookingPayment } from '../../features/booking/useBookingPayment.ts';
import '../../features/booking/booking.css';

const STATUS_WORDS = { 'payment-pending': 'Payment pending', paid: 'Paid', enrolled: 'Enrolled' } as const;

export default function BookingPage() {
  const { reference = '' } = useParams();
  const state = useBookingPayment(reference);
  return (
    <section className="container section booking-page">
      <Meta title="Your booking" description="Your SkillUp seat booking and its payment." robots="noindex" />
      <div className="card booking__done" data-testid="booking-page">
        <h1>Your booking</h1>
        <p>
          Reference: <strong>{reference}</strong>
        </p>
        {state ? (
          <>
            <p>
              {state.programme}, {state.package}: {rupeesText(state.amount)}
            </p>
            <p className="booking__status" data-testid="booking-status" data-status={state.status}>
              {STATUS_WORDS[state.status]}
            </p>
            <GatewayPay state={state} rupees={state.amount} />
            {state.receiptNumber && (
              <p data-testid="booking-receipt">
                Receipt {state.receiptNumber}:{' '}
                <a href={receiptPath(reference)} download>
                  Download the receipt (PDF)
                </a>
              </p>
            )}
          </>
        ) : (
          <p role="status">Looking up your booking… (if this stays, check the reference, or that you are online)</p>
        )}
      </div>
    </section>
  );
}
