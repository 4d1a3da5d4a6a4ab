// A visitor's registration for one webinar: name, email and phone, through the outbox like
// every form (saved on the device first, sent exactly once, now or when back online).
import { Form, Formik } from 'formik';
import { consentErrors, consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { WEBINAR_MESSAGES, webinarRegistrationSchema, type UpcomingWebinar } from '../../../contract/webinars.ts';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { useFormWords } from '../../i18n/useFormWords.ts';
import { submit } from '../../lib/submit.ts';
import { useWebinarsWords } from './useWebinarsWords.ts';

type Values = { name: string; email: string; phone: string } & ConsentValues;

export function WebinarRegisterForm({ webinar, onDone }: { webinar: UpcomingWebinar; onDone: () => void }) {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const w = useWebinarsWords();
  const f = useFormWords();
  const headingId = `webinar-form-${webinar._id}`;
  return (
    <Formik<Values>
      initialValues={{ name: '', email: '', phone: '', ...EMPTY_CONSENT }}
      validationSchema={webinarRegistrationSchema.omit(['webinar'])}
      validate={(values) => consentErrors(values, false)}
      onSubmit={async (values, { resetForm }) => {
        const body = webinarRegistrationSchema.cast({ ...values, webinar: webinar._id }, { stripUnknown: true });
        const result = await submit(LEAD_PATHS.webinar, body, { ...spam.signals(), consent: consentInput(values, false, new Date()) });
        const outcome = showOutcome(result, { success: WEBINAR_MESSAGES.registered, failure: WEBINAR_MESSAGES.failure });
        if (outcome.kind !== 'failed') {
          resetForm();
          onDone();
        }
      }}
    >
      <Form noValidate className="form webinar__form" aria-labelledby={headingId} data-testid="webinar-form">
        <h3 id={headingId}>{fill(w.registerFor, { title: webinar.title })}</h3>
        <TextField name="name" label={f.name} autoComplete="name" />
        <div className="form__row">
          <TextField name="email" label={f.email} type="email" autoComplete="email" />
          <TextField name="phone" label={f.phone} type="tel" autoComplete="tel" inputMode="tel" />
        </div>
        {spam.trap}
        <ConsentFields collects={w.collects} askAge={false} />
        <SubmitButton label={w.register} busyLabel={w.registering} />
      </Form>
    </Formik>
  );
}
