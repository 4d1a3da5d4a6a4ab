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
import { JOIN_NOW_EN, type JoinNowWords } from '../../content/join-now.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';
import { useFormWords } from '../../i18n/useFormWords.ts';
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
  const w = { ...JOIN_NOW_EN, ...usePageContent<JoinNowWords>() };
  const f = useFormWords();
  return (
    <>
      <Meta title={w.title} description={w.description} />
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
            <h1>{w.heading}</h1>
            <p>{w.intro}</p>
            <AccountFields />
            {spam.trap}
            <ConsentFields collects={w.collects} askAge={false} />
            <SubmitButton label={w.register} busyLabel={f.submitting} block />
          </Form>
        </Formik>
      </AuthSection>
    </>
  );
}
