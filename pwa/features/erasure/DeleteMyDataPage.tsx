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
import { ERASURE_EN, type ErasureWords } from '../../content/erasure.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { Link } from '../../i18n/links.tsx';
import { usePageContent } from '../../i18n/PageContent.tsx';
import { useFormWords, useLocalize } from '../../i18n/useFormWords.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';
import { messageOf, postJson } from '../../lib/http.ts';
import { serverMessageOr } from '../../lib/submit-outcome.ts';
import { submit } from '../../lib/submit.ts';

function useWords(): ErasureWords {
  return { ...ERASURE_EN, ...usePageContent<ErasureWords>() };
}

export default function DeleteMyDataPage() {
  const w = useWords();
  const [params] = useSearchParams();
  // The prerendered page is the request form; the link's confirmation replaces it once the
  // page is live (rendering it during hydration would not match the HTML).
  const hydrated = useHydrated();
  const token = hydrated ? params.get('token') : null;
  return (
    <>
      <Meta title={w.title} description={w.description} />
      <AuthSection>{token ? <Confirm token={token} /> : <Ask />}</AuthSection>
    </>
  );
}

function Ask() {
  const w = useWords();
  const f = useFormWords();
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
        <h1 id="erase-title">{w.heading}</h1>
        <p>{fill(w.askIntro, { hours: ERASURE_LINK_HOURS })}</p>
        <TextField name="email" label={f.email} type="email" autoComplete="email" />
        <SubmitButton label={w.sendLink} busyLabel={f.sending} block />
        {done && (
          <p role="status" className="form__note">
            {done}
          </p>
        )}
        <p className="muted">
          {w.questionsBefore} {f.grievanceTitle} {w.questionsAt} <a href={`mailto:${SITE.grievance.email}`}>{SITE.grievance.email}</a>.
        </p>
      </Form>
    </Formik>
  );
}

type ConfirmState =
  { state: 'ready' } | { state: 'busy' } | { state: 'done'; result: ErasureResult } | { state: 'failed'; message: string };

function Confirm({ token }: { token: string }) {
  const w = useWords();
  const localize = useLocalize();
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
      setState({ state: 'failed', message: w.noConnection });
    }
  };
  return (
    <div className="form card" aria-labelledby="erase-title">
      <h1 id="erase-title">{w.heading}</h1>
      {state.state === 'done' ? (
        <p role="status">
          <strong>{localize(state.result.message)}</strong> {w.erasedAfter}
        </p>
      ) : state.state === 'failed' ? (
        <>
          <p role="alert">{localize(state.message)}</p>
          <p>
            <Link to="/delete-my-data" reloadDocument>
              {w.askAgain}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{w.confirmIntro}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={() => void erase()} disabled={state.state === 'busy'}>
            {state.state === 'busy' ? w.erasing : w.erase}
          </button>
        </>
      )}
    </div>
  );
}
