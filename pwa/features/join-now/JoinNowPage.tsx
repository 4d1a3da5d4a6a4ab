import { Form, Formik } from 'formik';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { joinNowSchema, type JoinNowInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { AccountFields, EMPTY_ACCOUNT } from '../../components/form/AccountFields.tsx';
import { AuthSection } from '../../components/form/AuthSection.tsx';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
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
        <Formik<JoinNowInput>
          initialValues={EMPTY_ACCOUNT}
          validationSchema={joinNowSchema}
          onSubmit={async (values, { resetForm }) => {
            const result = await submit(LEAD_PATHS.joinNow, joinNowSchema.cast(values, { stripUnknown: true }), spam.signals());
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
            <SubmitButton label="Register" busyLabel="Submitting..." block />
          </Form>
        </Formik>
      </AuthSection>
    </>
  );
}
