import { Form, Formik } from 'formik';
import { LEAD_PATHS } from '../../../contract/api.ts';
import { contactSchema, type ContactInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { useToast } from '../../components/Toast.tsx';
import { newSubmissionId, savedMessage, submit } from '../../lib/submit.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';

const EMPTY: ContactInput = { firstName: '', lastName: '', email: '', phone: '', message: '' };

export function ContactForm() {
  const toast = useToast();
  const hydrated = useHydrated();
  return (
    <Formik<ContactInput>
      initialValues={EMPTY}
      validationSchema={contactSchema}
      onSubmit={async (values, { resetForm }) => {
        const id = newSubmissionId();
        const result = await submit(LEAD_PATHS.contact, contactSchema.cast(values, { stripUnknown: true }), id);
        if (result.queued || result.ok) {
          toast.show(result.queued ? savedMessage(result) : MESSAGES.contactSuccess, result.queued ? 'info' : 'success');
          resetForm();
        } else {
          toast.show(MESSAGES.contactFailure, 'error');
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="form card" aria-labelledby="contact-form-h">
          <h2 id="contact-form-h">Send A Message</h2>
          <div className="form__row">
            <TextField name="firstName" label="First name" autoComplete="given-name" />
            <TextField name="lastName" label="Last name" autoComplete="family-name" />
          </div>
          <div className="form__row">
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
          </div>
          <TextField name="message" label="Message" multiline />
          <button type="submit" className="btn btn--accent" disabled={!hydrated || isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Message'}
          </button>
        </Form>
      )}
    </Formik>
  );
}
