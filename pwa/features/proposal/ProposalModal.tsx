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
  return (
    <Modal open onClose={onClose} title="Request a proposal" closeLabel="Close proposal form">
      <p>Tell us about your group and we will send a proposal for {programme}.</p>
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
          <TextField name="organisation" label="Organisation" autoComplete="organization" />
          <div className="form__row">
            <TextField name="name" label="Name" autoComplete="name" />
            <TextField name="role" label="Your role" autoComplete="organization-title" />
          </div>
          <div className="form__row">
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
          </div>
          <div className="form__row">
            <TextField name="city" label="City" autoComplete="address-level2" />
            <TextField name="participants" label="Participants" type="number" inputMode="numeric" min={1} />
          </div>
          <TextField name="preferredMonths" label="Preferred months" placeholder="e.g. January–February" />
          <TextField name="message" label="Message (optional)" multiline limit={LIMITS.message} />
          {spam.trap}
          <ConsentFields collects="your organisation, name, role, email, phone and your group's needs" askAge={false} />
          <SubmitButton label="Request a proposal" busyLabel="Sending..." block />
        </Form>
      </Formik>
    </Modal>
  );
}
