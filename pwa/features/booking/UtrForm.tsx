// After paying by UPI, the visitor types the UTR their app shows, so the desk can match the
// payment to the booking. Sent directly (paying needs the connection anyway).
import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { BOOKING_PATHS } from '../../../contract/bookings.ts';
import { bookingUtrSchema } from '../../../contract/leads.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { messageOf, postJson } from '../../lib/http.ts';
import { useLang } from '../../i18n/LangContext.tsx';
import { useLeadFormWords } from '../../i18n/useLeadFormWords.ts';

export function UtrForm({ reference }: { reference: string }) {
  const [said, setSaid] = useState<string>();
  const saidRef = useRef<HTMLParagraphElement>(null);
  const w = useLeadFormWords().booking;
  const lang = useLang();
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
          // The server answers in the page's language.
          const { data } = await postJson(BOOKING_PATHS.utr, bookingUtrSchema.cast(values), { headers: { 'Accept-Language': lang } });
          setSaid(messageOf(data) ?? w.utrFailed);
        } catch {
          setSaid(w.utrOffline);
        }
      }}
    >
      <Form noValidate className="form booking__utr" data-testid="utr-form">
        <TextField name="utr" label={w.utr} inputMode="numeric" autoComplete="off" />
        <SubmitButton label={w.sendUtr} busyLabel={w.sending} />
        <p role="status" className="booking__said" ref={saidRef} tabIndex={-1} data-testid="utr-said">
          {said}
        </p>
      </Form>
    </Formik>
  );
}
