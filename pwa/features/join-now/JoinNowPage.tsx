import { Form, Formik } from 'formik';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { LEAD_PATHS } from '../../../contract/api.ts';
import { joinNowSchema, type JoinNowInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { PasswordField, TextField } from '../../components/form/TextField.tsx';
import { Meta } from '../../components/Meta.tsx';
import { useToast } from '../../components/Toast.tsx';
import { newSubmissionId, savedMessage, submit } from '../../lib/submit.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';

/** Spec §4: after a successful registration the user goes to / after 1.5 s. */
export const JOIN_NOW_REDIRECT_MS = 1500;
const EMPTY: JoinNowInput = { name: '', phone: '', email: '', password: '' };

export default function JoinNowPage() {
  const toast = useToast();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <>
      <Meta title="Join Now" description="Create your free SkillUp account to join live soft-skills classes and track your progress." />
      <section className="section auth">
        <div className="container container--narrow">
          <Formik<JoinNowInput>
            initialValues={EMPTY}
            validationSchema={joinNowSchema}
            onSubmit={async (values, { resetForm }) => {
              const id = newSubmissionId();
              const result = await submit(LEAD_PATHS.joinNow, joinNowSchema.cast(values, { stripUnknown: true }), id);
              if (result.queued || result.ok) {
                toast.show(result.queued ? savedMessage(result) : MESSAGES.joinNowSuccess, result.queued ? 'info' : 'success');
                resetForm();
                timer.current = window.setTimeout(() => navigate('/'), JOIN_NOW_REDIRECT_MS);
              } else {
                toast.show(result.message ?? MESSAGES.joinNowFailure, 'error');
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate className="form card">
                <h1>Join Now</h1>
                <p>Register for free to book live classes and get your learning dashboard.</p>
                <TextField name="name" label="Full name" autoComplete="name" />
                <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
                <TextField name="email" label="Email" type="email" autoComplete="email" />
                <PasswordField name="password" label="Password" autoComplete="new-password" />
                <button type="submit" className="btn btn--accent btn--block" disabled={!hydrated || isSubmitting}>
                  {isSubmitting ? 'Submitting...' : 'Register'}
                </button>
              </Form>
            )}
          </Formik>
        </div>
      </section>
    </>
  );
}
