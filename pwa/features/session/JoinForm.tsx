// Joining a session: name; email or roll number; phone optional; the consent notice and,
// for a school's class, the guardian step as on the public forms. Sent through the outbox
// with the session's code, so it is kept even when the hall has no connection.
import { Form, Formik } from 'formik';
import { consentErrors, consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { sessionJoinSchema, type PublicSession } from '../../../contract/sessions.ts';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useToast } from '../../components/Toast.tsx';
import type { SessionWords } from '../../content/session.ts';
import { submit } from '../../lib/submit.ts';
import type { SessionStudent } from './session-storage.ts';

interface JoinValues extends ConsentValues {
  session: string;
  name: string;
  email: string;
  rollNumber: string;
  phone: string;
}

export function JoinForm({
  session,
  words,
  onJoined,
}: {
  session: PublicSession;
  words: SessionWords;
  onJoined: (student: SessionStudent) => void;
}) {
  const toast = useToast();
  const askAge = session.audience === 'school';
  return (
    <Formik<JoinValues>
      initialValues={{ session: session.code, name: '', email: '', rollNumber: '', phone: '', ...EMPTY_CONSENT }}
      validationSchema={sessionJoinSchema}
      validate={(values) => consentErrors(values, askAge)}
      onSubmit={async (values) => {
        const body = sessionJoinSchema.cast(values, { stripUnknown: true });
        const result = await submit(LEAD_PATHS.sessionJoin, body, { consent: consentInput(values, askAge, new Date()) });
        // Sent, or kept on the phone to send later: either way the student goes on to the test.
        if (!result.ok && !result.queued) {
          toast.show(`⚠️ ${result.message ?? words.joinFailed}`, 'error');
          return;
        }
        onJoined({ name: body.name, email: body.email, rollNumber: body.rollNumber, phone: body.phone });
      }}
    >
      <Form noValidate className="form card" aria-label="Join the session">
        <TextField name="name" label={words.nameLabel} autoComplete="name" />
        <TextField name="email" label={words.emailLabel} type="email" autoComplete="email" />
        <TextField name="rollNumber" label={words.rollLabel} autoComplete="off" />
        <TextField name="phone" label={words.phoneLabel} type="tel" autoComplete="tel" />
        <ConsentFields collects={words.collects} askAge={askAge} />
        <SubmitButton label={words.join} busyLabel={words.joining} block />
      </Form>
    </Formik>
  );
}
