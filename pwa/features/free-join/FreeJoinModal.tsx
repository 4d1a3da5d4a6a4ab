import { Form, Formik } from 'formik';
import { LEAD_PATHS } from '../../../contract/api.ts';
import { freeJoinSchema, type FreeJoinInput } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useToast } from '../../components/Toast.tsx';
import { SITE } from '../../config/site.ts';
import { newSubmissionId, savedMessage, submit } from '../../lib/submit.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';

export const FREE_JOIN_TITLE = 'Zero Fees, Infinite Knowledge';
const EMPTY: FreeJoinInput = { name: '', phone: '', email: '' };

/** The join-free modal (spec §4, §8): opened by 'Join For Free', closed by the cross. */
export default function FreeJoinModal({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const hydrated = useHydrated();
  return (
    <Modal open onClose={onClose} title={FREE_JOIN_TITLE} closeLabel="Close join for free form">
      <p>Join for free and get a seat in our live class every {SITE.freeClassDay}.</p>
      <Formik<FreeJoinInput>
        initialValues={EMPTY}
        validationSchema={freeJoinSchema}
        onSubmit={async (values, { resetForm }) => {
          const id = newSubmissionId();
          const result = await submit(LEAD_PATHS.freeJoin, freeJoinSchema.cast(values, { stripUnknown: true }), id);
          if (result.queued) {
            toast.show(savedMessage(result), 'info');
            resetForm();
          } else if (result.status === 201 || result.ok) {
            toast.show(result.message ?? MESSAGES.freeJoinSuccess, 'success');
            resetForm();
          } else {
            toast.show(result.message ?? MESSAGES.freeJoinFailure, 'error');
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="form">
            <TextField name="name" label="Name" autoComplete="name" />
            <TextField name="phone" label="WhatsApp number" type="tel" autoComplete="tel" inputMode="tel" />
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <button type="submit" className="btn btn--accent btn--block" disabled={!hydrated || isSubmitting}>
              {isSubmitting ? 'Submitting...' : 'Join For Free'}
            </button>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
