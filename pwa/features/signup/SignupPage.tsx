import { Form, Formik } from 'formik';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LEAD_PATHS } from '../../../contract/api.ts';
import { personalitySignupSchema, type PersonalitySignupInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { PasswordField, TextField } from '../../components/form/TextField.tsx';
import { Meta } from '../../components/Meta.tsx';
import { useToast } from '../../components/Toast.tsx';
import { markSignedUp } from '../../lib/storage.ts';
import { newSubmissionId, savedMessage, submit } from '../../lib/submit.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';

/** Spec §4: after sign-up the English test opens after 1 s. */
export const SIGNUP_REDIRECT_MS = 1000;
const EMPTY: PersonalitySignupInput = { name: '', phone: '', email: '', password: '' };

export default function SignupPage() {
  const toast = useToast();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <>
      <Meta title="Personality Test Sign Up" description="Sign up for the free 30-question SkillUp personality test in English or Hinglish and get your certificate by email." />
      <section className="section auth">
        <div className="container container--narrow">
          <Formik<PersonalitySignupInput>
            initialValues={EMPTY}
            validationSchema={personalitySignupSchema}
            onSubmit={async (values, { resetForm }) => {
              const id = newSubmissionId();
              const body = personalitySignupSchema.cast(values, { stripUnknown: true });
              const result = await submit<{ message?: string }>(LEAD_PATHS.personalitySignup, body, id);
              if (result.queued || result.ok) {
                toast.show(result.queued ? savedMessage(result) : (result.message ?? MESSAGES.personalitySuccess), result.queued ? 'info' : 'success');
                markSignedUp({ name: body.name, email: body.email });
                resetForm();
                timer.current = window.setTimeout(() => navigate('/personality/english-test'), SIGNUP_REDIRECT_MS);
              } else if (result.status === 0) {
                toast.show(MESSAGES.personalityNetwork, 'error');
              } else {
                toast.show(result.message ?? MESSAGES.personalityFailure, 'error');
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate className="form card">
                <h1>Personality Checker</h1>
                <p>Sign up to take the 30-question personality test (English or Hinglish). Your certificate arrives by email.</p>
                <TextField name="name" label="Full name" autoComplete="name" />
                <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
                <TextField name="email" label="Email" type="email" autoComplete="email" />
                <PasswordField name="password" label="Password" autoComplete="new-password" />
                <button type="submit" className="btn btn--accent btn--block" disabled={!hydrated || isSubmitting}>
                  {isSubmitting ? 'Submitting...' : 'Start the test'}
                </button>
              </Form>
            )}
          </Formik>
        </div>
      </section>
    </>
  );
}
