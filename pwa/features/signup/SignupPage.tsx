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
import { SIGNUP_EN, type SignupWords } from '../../content/signup.ts';
import { useLang } from '../../i18n/LangContext.tsx';
import { pagePath } from '../../i18n/lang.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';
import { useFormWords } from '../../i18n/useFormWords.ts';
import { markSignedUp } from '../../lib/storage.ts';
import { serverMessageOr } from '../../lib/submit-outcome.ts';
import { submit } from '../../lib/submit.ts';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate.ts';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';

/** Spec §4: after sign-up the test opens after 1 s: the one the visitor came for, else the page's language's. */
export const SIGNUP_REDIRECT_MS = 1000;

export default function SignupPage() {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const navigateLater = useDelayedNavigate();
  const w = { ...SIGNUP_EN, ...usePageContent<SignupWords>() };
  const f = useFormWords();
  const lang = useLang();
  const came = (useLocation().state as { test?: unknown } | null)?.test;
  const chosen = quizLanguageOfPath(typeof came === 'string' ? pagePath(came) : came) ?? (lang === 'hi' ? 'hindi' : 'english');
  return (
    <>
      <Meta title={w.title} description={w.description} />
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
            <h1>{w.heading}</h1>
            <p>{w.intro}</p>
            <AccountFields />
            {spam.trap}
            <ConsentFields collects={w.collects} askAge />
            <SubmitButton label={w.start} busyLabel={f.submitting} block />
          </Form>
        </Formik>
      </AuthSection>
    </>
  );
}
