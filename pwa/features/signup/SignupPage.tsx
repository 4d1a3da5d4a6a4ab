import { Form, Formik } from 'formik';
import { useLocation } from 'react-router-dom';
import { consentErrors, consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { personalitySignupSchema, type PersonalitySignupInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { AccountFields, EMPTY_ACCOUNT } from '../../components/form/AccountFields.tsx';
import { AuthSection } from '../../components/form/AuthSection.tsx';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { Meta } from '../../components/Meta.tsx';
import { QUIZ_TEST_PATHS, quizLanguageOfPath } from '../../content/quiz.ts';
import { markSignedUp } from '../../lib/storage.ts';
import { serverMessageOr } from '../../lib/submit-outcome.ts';
import { submit } from '../../lib/submit.ts';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate.ts';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';

/** Spec §4: after sign-up the test opens after 1 s: the English one, unless the visitor came for the Hinglish one. */
export const SIGNUP_REDIRECT_MS = 1000;

export default function SignupPage() {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const navigateLater = useDelayedNavigate();
  const chosen = quizLanguageOfPath((useLocation().state as { test?: unknown } | null)?.test) ?? 'english';
  return (
    <>
      <Meta
        title="Personality Test Sign Up"
        description="Sign up for the free 30-question SkillUp personality test in English or Hinglish and get your certificate by email."
      />
      <AuthSection>
        <Formik<PersonalitySignupInput & ConsentValues>
          initialValues={{ ...EMPTY_ACCOUNT, ...EMPTY_CONSENT }}
          validationSchema={personalitySignupSchema}
          validate={(values) => consentErrors(values, true)}
          onSubmit={async (values, { resetForm }) => {
            const body = personalitySignupSchema.cast(values, { stripUnknown: true });
            const result = await submit(LEAD_PATHS.personalitySignup, body, {
              ...spam.signals(),
              consent: consentInput(values, true, new Date()),
            });
            const outcome = showOutcome(result, {
              success: serverMessageOr(MESSAGES.personalitySuccess),
              failure: serverMessageOr(MESSAGES.personalityFailure),
              network: MESSAGES.personalityNetwork,
            });
            if (outcome.kind === 'failed') return;
            markSignedUp({ name: body.name, email: body.email });
            resetForm();
            navigateLater(QUIZ_TEST_PATHS[chosen], SIGNUP_REDIRECT_MS);
          }}
        >
          <Form noValidate className="form card">
            <h1>Personality Checker</h1>
            <p>Sign up to take the 30-question personality test (English or Hinglish). Your certificate arrives by email.</p>
            <AccountFields />
            {spam.trap}
            <ConsentFields collects="your name, phone, email and your test answers (your password is kept only as a one-way hash)" askAge />
            <SubmitButton label="Start the test" busyLabel="Submitting..." block />
          </Form>
        </Formik>
      </AuthSection>
    </>
  );
}
