import { Form, Formik } from 'formik';
import { consentErrors, consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { contactSchema, type ContactInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { LIMITS } from '../../../contract/options.ts';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { submit } from '../../lib/submit.ts';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';
import { useFormWords } from '../../i18n/useFormWords.ts';

const EMPTY: ContactInput = { firstName: '', lastName: '', email: '', phone: '', message: '' };

export function ContactForm() {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const w = useFormWords();
  return (
    <Formik<ContactInput & ConsentValues>
      initialValues={{ ...EMPTY, ...EMPTY_CONSENT }}
      validationSchema={contactSchema}
      validate={(values) => consentErrors(values, false)}
      onSubmit={async (values, { resetForm }) => {
        const result = await submit(LEAD_PATHS.contact, contactSchema.cast(values, { stripUnknown: true }), {
          ...spam.signals(),
          consent: consentInput(values, false, new Date()),
        });
        const outcome = showOutcome(result, { success: MESSAGES.contactSuccess, failure: MESSAGES.contactFailure });
        if (outcome.kind !== 'failed') resetForm();
      }}
    >
      <Form noValidate className="form card" aria-labelledby="contact-form-h">
        <h2 id="contact-form-h">{w.contactTitle}</h2>
        <div className="form__row">
          <TextField name="firstName" label={w.firstName} autoComplete="given-name" />
          <TextField name="lastName" label={w.lastName} autoComplete="family-name" />
        </div>
        <div className="form__row">
          <TextField name="email" label={w.email} type="email" autoComplete="email" />
          <TextField name="phone" label={w.phone} type="tel" autoComplete="tel" inputMode="tel" />
        </div>
        <TextField name="message" label={w.message} multiline limit={LIMITS.message} />
        {spam.trap}
        <ConsentFields collects={w.contactCollects} askAge={false} />
        <SubmitButton label={w.sendMessage} busyLabel={w.sending} />
      </Form>
    </Formik>
  );
}
