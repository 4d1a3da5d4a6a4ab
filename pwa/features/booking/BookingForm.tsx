import { Field, Form, Formik } from 'formik';
import { useId } from 'react';
import {
  BOOKABLE_PROGRAMMES,
  bookingReferenceOf,
  NEXT_BATCH,
  PAID_PACKAGE_NAMES,
  PAID_PACKAGES,
  rupeesText,
  type Batch,
} from '../../../contract/bookings.ts';
import { consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { bookingSchema } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';
import { serverMessageOr } from '../../lib/submit-outcome.ts';
import { newSubmissionId, submit } from '../../lib/submit.ts';
import { useFormWords } from '../../i18n/useFormWords.ts';
import { optionText, useLeadFormWords } from '../../i18n/useLeadFormWords.ts';

export interface BookingValues {
  programme: string;
  package: string;
  batch: string;
  name: string;
  email: string;
  phone: string;
}

/** What the confirmation needs: the reference (known before delivery), the package, and whether the server has it yet. */
export interface Booked {
  id: string;
  reference: string;
  package: string;
  sent: boolean;
}

function Choice({ name, label, options }: { name: string; label: string; options: ReadonlyArray<{ value: string; text: string }> }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Field as="select" id={id} name={name}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </Field>
    </div>
  );
}

interface Props {
  initial: Pick<BookingValues, 'programme' | 'package'>;
  batches: readonly Batch[];
  onBooked: (booked: Booked) => void;
}

/** Programme, package with its price, batch, name, email, phone and consent; through the outbox like every form. */
export function BookingForm({ initial, batches, onBooked }: Props) {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const f = useFormWords();
  const l = useLeadFormWords();
  const w = l.booking;
  const batchOptions = [...batches.map((b) => ({ value: b.label, text: b.label })), { value: NEXT_BATCH, text: l.options.nextBatch }];
  return (
    <Formik<BookingValues & ConsentValues>
      initialValues={{ ...initial, batch: batchOptions[0]!.value, name: '', email: '', phone: '', ...EMPTY_CONSENT }}
      validationSchema={bookingSchema.omit(['reference'])}
      onSubmit={async (values) => {
        // The reference is the submission's own, so it is known at once, even offline.
        const id = newSubmissionId();
        const reference = bookingReferenceOf(id);
        const body = { ...bookingSchema.omit(['reference']).cast(values, { stripUnknown: true }), reference };
        const result = await submit(LEAD_PATHS.booking, body, { ...spam.signals(), consent: consentInput(values, false, new Date()) }, id);
        const outcome = showOutcome(result, { success: MESSAGES.bookingSuccess, failure: serverMessageOr(MESSAGES.bookingFailure) });
        if (outcome.kind !== 'failed') onBooked({ id, reference, package: values.package, sent: outcome.kind === 'sent' });
      }}
    >
      <Form noValidate className="form" data-testid="booking-form">
        <Choice
          name="programme"
          label={w.programme}
          options={BOOKABLE_PROGRAMMES.map((p) => ({ value: p, text: optionText(l.options.programme, p) }))}
        />
        <Choice
          name="package"
          label={w.package}
          options={PAID_PACKAGE_NAMES.map((p) => ({ value: p, text: `${p} — ${rupeesText(PAID_PACKAGES[p].rupees)}` }))}
        />
        <Choice name="batch" label={w.batch} options={batchOptions} />
        <TextField name="name" label={l.name} autoComplete="name" />
        <TextField name="email" label={f.email} type="email" autoComplete="email" />
        <TextField name="phone" label={f.phone} type="tel" autoComplete="tel" inputMode="tel" />
        {spam.trap}
        <ConsentFields collects={w.collects} askAge={false} />
        <SubmitButton label={w.button} busyLabel={w.busy} block />
      </Form>
    </Formik>
  );
}
