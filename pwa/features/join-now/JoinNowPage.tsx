import { Form, Formik } from 'formik';
import { consentErrors, consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { joinNowSchema, type JoinNowInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { AccountFields, EMPTY_ACCOUNT } from '../../components/form/AccountFields.tsx';
import { AuthSection } from '../../components/form/AuthSection.tsx';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { Meta } from '../../components/Meta.tsx';
import { serverMessageOr } from '../../lib/submit-outcome.ts';
import { submit } from '../../lib/submit.ts';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate.ts';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';

/** Spec §4: after a successful registration the user goes to / after 1.5 s. */
export const JOIN_NOW_REDIRECT_MS = 1500;

export default function JoinNowPage() {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const navigateLater = useDelayedNavigate();
  return (
    <>
      <Meta title="Join Now" description="Create your free SkillUp account to join live soft-skills classes and track your progress." />
      <AuthSection>
        <Formik<JoinNowInput & ConsentValues>
          initialValues={{ ...EMPTY_ACCOUNT, ...EMPTY_CONSENT }}
          validationSchema={joinNowSchema}
          validate={(values) => consentErrors(values, false)}
          onSubmit={async (values, { resetForm }) => {
            const result = await submit(LEAD_PATHS.joinNow, joinNowSchema.cast(values, { stripUnknown: true }), {
              ...spam.signals(),
              consent: consentInput(values, false, new Date()),
            });
            const outcome = showOutcome(result, { success: MESSAGES.joinNowSuccess, failure: serverMessageOr(MESSAGES.joinNowFailure) });
            if (outcome.kind === 'failed') return;
            resetForm();
            navigateLater('/', JOIN_NOW_REDIRECT_MS);
          }}
        >
          <Form noValidate className="form card">
            <h1>Join Now</h1>
            <p>Register for free to book live classes and get your learning dashboard.</p>
            <AccountFields />
            {spam.trap}
            <ConsentFields collects="your name, phone and email (your password is kept only as a one-way hash)" askAge={false} />
            <SubmitButton label="Register" busyLabel="Submitting..." block />
          </Form>
        </Formik>
      </AuthSection>
    </>
  );
}
