// After paying by UPI, the visitor types the UTR their app shows, so the desk can match the
// payment to the booking. Sent directly (paying needs the connection anyway).
import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { BOOKING_PATHS } from '../../../contract/bookings.ts';
import { bookingUtrSchema } from '../../../contract/leads.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { messageOf, postJson } from '../../lib/http.ts';

export function UtrForm({ reference }: { reference: string }) {
  const [said, setSaid] = useState<string>();
  const saidRef = useRef<HTMLParagraphElement>(null);
  // The answer is shown where the visitor is looking: brought into view and given focus (a
  // phone's keyboard had pushed it below the fold), so it is seen and read out.
  useEffect(() => {
    if (!said) return;
    saidRef.current?.scrollIntoView({ block: 'center' });
    saidRef.current?.focus({ preventScroll: true });
  }, [said]);
  return (
    <Formik
      initialValues={{ reference, utr: '' }}
      validationSchema={bookingUtrSchema}
      onSubmit={async (values) => {
        try {
          const { data } = await postJson(BOOKING_PATHS.utr, bookingUtrSchema.cast(values));
          setSaid(messageOf(data) ?? 'Something went wrong. Please try again.');
        } catch {
          setSaid('You seem to be offline. Please send the UTR when you are back online.');
        }
      }}
    >
      <Form noValidate className="form booking__utr" data-testid="utr-form">
        <TextField name="utr" label="UTR (the 12-digit number your UPI app shows after paying)" inputMode="numeric" autoComplete="off" />
        <SubmitButton label="Send UTR" busyLabel="Sending..." />
        <p role="status" className="booking__said" ref={saidRef} tabIndex={-1} data-testid="utr-said">
          {said}
        </p>
      </Form>
    </Formik>
  );
}
