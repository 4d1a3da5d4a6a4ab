import { Form, Formik } from 'formik';
import { consentErrors, consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { freeJoinSchema, type FreeJoinInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { SITE } from '../../config/site.ts';
import { serverMessageOr } from '../../lib/submit-outcome.ts';
import { submit } from '../../lib/submit.ts';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { useFormWords } from '../../i18n/useFormWords.ts';
import { optionText, useLeadFormWords } from '../../i18n/useLeadFormWords.ts';
const EMPTY: FreeJoinInput = { name: '', phone: '', email: '' };

/** The join-free modal (spec §4, §8): opened by 'Join For Free', closed by the cross. */
export default function FreeJoinModal({ onClose }: { onClose: () => void }) {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const f = useFormWords();
  const l = useLeadFormWords();
  const w = l.freeJoin;
  return (
    <Modal open onClose={onClose} title={w.title} closeLabel={w.close}>
      <p>{fill(w.intro, { day: optionText(l.options.weekday, SITE.freeClassDay) })}</p>
      <Formik<FreeJoinInput & ConsentValues>
        initialValues={{ ...EMPTY, ...EMPTY_CONSENT }}
        validationSchema={freeJoinSchema}
        validate={(values) => consentErrors(values, false)}
        onSubmit={async (values, { resetForm }) => {
          const result = await submit(LEAD_PATHS.freeJoin, freeJoinSchema.cast(values, { stripUnknown: true }), {
            ...spam.signals(),
            consent: consentInput(values, false, new Date()),
          });
          const outcome = showOutcome(result, {
            success: serverMessageOr(MESSAGES.freeJoinSuccess),
            failure: serverMessageOr(MESSAGES.freeJoinFailure),
          });
          if (outcome.kind !== 'failed') resetForm();
        }}
      >
        <Form noValidate className="form">
          <TextField name="name" label={l.name} autoComplete="name" />
          <TextField name="phone" label={w.whatsApp} type="tel" autoComplete="tel" inputMode="tel" />
          <TextField name="email" label={f.email} type="email" autoComplete="email" />
          {spam.trap}
          <ConsentFields collects={w.collects} askAge={false} />
          <SubmitButton label={w.button} busyLabel={l.submitting} block />
        </Form>
      </Formik>
    </Modal>
  );
}
