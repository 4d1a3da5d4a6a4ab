// "Request a proposal" on the colleges, schools, corporate and B2B pages:
// organisation, role, city, participants, preferred months and a message, through the
// outbox like every form, so it is sent even from a campus with no signal. Lazy.
import { Form, Formik } from 'formik';
import { consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { proposalSchema } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { LIMITS } from '../../../contract/options.ts';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';
import { serverMessageOr } from '../../lib/submit-outcome.ts';
import { submit } from '../../lib/submit.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { useFormWords } from '../../i18n/useFormWords.ts';
import { optionText, useLeadFormWords } from '../../i18n/useLeadFormWords.ts';

interface ProposalValues {
  programme: string;
  organisation: string;
  name: string;
  role: string;
  email: string;
  phone: string;
  city: string;
  participants: string;
  preferredMonths: string;
  message: string;
}

const EMPTY = { organisation: '', name: '', role: '', email: '', phone: '', city: '', participants: '', preferredMonths: '', message: '' };

export default function ProposalModal({ programme, onClose }: { programme: string; onClose: () => void }) {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const f = useFormWords();
  const l = useLeadFormWords();
  const w = l.proposal;
  return (
    <Modal open onClose={onClose} title={w.title} closeLabel={w.close}>
      <p>{fill(w.intro, { programme: optionText(l.options.programme, programme) })}</p>
      <Formik<ProposalValues & ConsentValues>
        initialValues={{ programme, ...EMPTY, ...EMPTY_CONSENT }}
        validationSchema={proposalSchema}
        onSubmit={async (values) => {
          const result = await submit(LEAD_PATHS.proposal, proposalSchema.cast(values, { stripUnknown: true }), {
            ...spam.signals(),
            consent: consentInput(values, false, new Date()),
          });
          const outcome = showOutcome(result, { success: MESSAGES.proposalSuccess, failure: serverMessageOr(MESSAGES.proposalFailure) });
          if (outcome.kind !== 'failed') onClose();
        }}
      >
        <Form noValidate className="form" data-testid="proposal-form">
          <TextField name="organisation" label={w.organisation} autoComplete="organization" />
          <div className="form__row">
            <TextField name="name" label={l.name} autoComplete="name" />
            <TextField name="role" label={w.role} autoComplete="organization-title" />
          </div>
          <div className="form__row">
            <TextField name="email" label={f.email} type="email" autoComplete="email" />
            <TextField name="phone" label={f.phone} type="tel" autoComplete="tel" inputMode="tel" />
          </div>
          <div className="form__row">
            <TextField name="city" label={w.city} autoComplete="address-level2" />
            <TextField name="participants" label={w.participants} type="number" inputMode="numeric" min={1} />
          </div>
          <TextField name="preferredMonths" label={w.preferredMonths} placeholder={w.monthsExample} />
          <TextField name="message" label={w.messageOptional} multiline limit={LIMITS.message} />
          {spam.trap}
          <ConsentFields collects={w.collects} askAge={false} />
          <SubmitButton label={w.button} busyLabel={w.sending} block />
        </Form>
      </Formik>
    </Modal>
  );
}
