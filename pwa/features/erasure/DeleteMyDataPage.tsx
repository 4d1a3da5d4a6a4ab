// /delete-my-data: a visitor asks for their data to be erased (India's DPDP Act 2023). The
// request goes through the outbox like every submission (so it is sent even if they ask
// while offline); we email a single-use link, and the link brings them back here
// (?token=) to confirm. The answer never says whether we held anything for the address.
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LINK_TOKEN_PATTERN } from '../../../contract/api.ts';
import { ERASURE_LINK_HOURS, ERASURE_MESSAGES, ERASURE_PATHS, type ErasureResult } from '../../../contract/erasure.ts';
import { LEAD_KINDS } from '../../../contract/lead-kinds.ts';
import { erasureRequestSchema, type ErasureRequestInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { AuthSection } from '../../components/form/AuthSection.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { Meta } from '../../components/Meta.tsx';
import { SITE } from '../../config/site.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';
import { messageOf, postJson } from '../../lib/http.ts';
import { serverMessageOr } from '../../lib/submit-outcome.ts';
import { submit } from '../../lib/submit.ts';

export default function DeleteMyDataPage() {
  const [params] = useSearchParams();
  // The prerendered page is the request form; the link's confirmation replaces it once the
  // page is live (rendering it during hydration would not match the HTML).
  const hydrated = useHydrated();
  const token = hydrated ? params.get('token') : null;
  return (
    <>
      <Meta
        title="Delete my data"
        description="Ask SkillUp to erase every enquiry, registration and personality test we hold for your email address."
      />
      <AuthSection>{token ? <Confirm token={token} /> : <Ask />}</AuthSection>
    </>
  );
}

function Ask() {
  const showOutcome = useSubmitToast();
  const [done, setDone] = useState<string | null>(null);
  return (
    <Formik<ErasureRequestInput>
      initialValues={{ email: '' }}
      validationSchema={erasureRequestSchema}
      onSubmit={async (values) => {
        const result = await submit(LEAD_KINDS.erasureRequest.path, erasureRequestSchema.cast(values, { stripUnknown: true }));
        const outcome = showOutcome(result, { success: ERASURE_MESSAGES.requested, failure: serverMessageOr(MESSAGES.enquiryFailure) });
        if (outcome.kind !== 'failed') setDone(outcome.message);
      }}
    >
      <Form noValidate className="form card" aria-labelledby="erase-title">
        <h1 id="erase-title">Delete my data</h1>
        <p>
          Enter the email address you used on this site. We will email you a link to confirm; it works once, for {ERASURE_LINK_HOURS} hours.
          Confirming erases your enquiries, registrations and personality tests with that address, the notes our team made about them, and
          your certificates.
        </p>
        <TextField name="email" label="Email" type="email" autoComplete="email" />
        <SubmitButton label="Send me the link" busyLabel="Sending..." block />
        {done && (
          <p role="status" className="form__note">
            {done}
          </p>
        )}
        <p className="muted">
          Questions about your data? Write to our {SITE.grievance.title} at{' '}
          <a href={`mailto:${SITE.grievance.email}`}>{SITE.grievance.email}</a>.
        </p>
      </Form>
    </Formik>
  );
}

type ConfirmState =
  { state: 'ready' } | { state: 'busy' } | { state: 'done'; result: ErasureResult } | { state: 'failed'; message: string };

function Confirm({ token }: { token: string }) {
  const [state, setState] = useState<ConfirmState>(
    LINK_TOKEN_PATTERN.test(token) ? { state: 'ready' } : { state: 'failed', message: ERASURE_MESSAGES.linkInvalid },
  );
  const erase = async () => {
    setState({ state: 'busy' });
    try {
      const { response, data } = await postJson(ERASURE_PATHS.confirm, { token });
      if (response.ok) setState({ state: 'done', result: data as ErasureResult });
      else setState({ state: 'failed', message: messageOf(data) ?? ERASURE_MESSAGES.linkInvalid });
    } catch {
      setState({ state: 'failed', message: 'No connection: your data has not been erased yet. Please try again when you are online.' });
    }
  };
  return (
    <div className="form card" aria-labelledby="erase-title">
      <h1 id="erase-title">Delete my data</h1>
      {state.state === 'done' ? (
        <p role="status">
          <strong>{state.result.message}</strong> Nothing we held for this email address remains, apart from a record that an erasure took
          place (without your name or contact details).
        </p>
      ) : state.state === 'failed' ? (
        <>
          <p role="alert">{state.message}</p>
          <p>
            <a href="/delete-my-data">Ask for a new link</a>
          </p>
        </>
      ) : (
        <>
          <p>
            Confirm to erase every enquiry, registration and personality test we hold for the email address this link was sent to, with our
            notes and your certificates. This cannot be undone.
          </p>
          <button type="button" className="btn btn--primary btn--block" onClick={() => void erase()} disabled={state.state === 'busy'}>
            {state.state === 'busy' ? 'Erasing...' : 'Erase my data'}
          </button>
        </>
      )}
    </div>
  );
}
