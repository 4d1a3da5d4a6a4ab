// After paying by UPI, the visitor types the UTR their app shows, so the desk can match the
// payment to the booking. Sent directly (paying needs the connection anyway).
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { BOOKING_PATHS } from '../../../contract/bookings.ts';
import { bookingUtrSchema } from '../../../contract/leads.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { messageOf, postJson } from '../../lib/http.ts';

export function UtrForm({ reference }: { reference: string }) {
  const [said, setSaid] = useState<string>();
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
        <p role="status" className="booking__said">
          {said}
        </p>
      </Form>
    </Formik>
  );
}
