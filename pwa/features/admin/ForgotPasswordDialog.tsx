import { Form, Formik } from 'formik';
import { ADMIN_MESSAGES, ADMIN_PATHS, forgotPasswordSchema } from '../../../contract/admin.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useToast } from '../../components/Toast.tsx';
import { postJson } from './api.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const hydrated = useHydrated();
  return (
    <Modal open={open} onClose={onClose} title="Forgot password" closeLabel="Close forgot password dialog">
      <p>Enter your admin email and we will send you a link to reset your password.</p>
      <Formik
        initialValues={{ email: '' }}
        validationSchema={forgotPasswordSchema}
        onSubmit={async (values) => {
          const answer = await postJson<{ message?: string }>(ADMIN_PATHS.forgotPassword, forgotPasswordSchema.cast(values));
          if (answer.ok) {
            toast.show(ADMIN_MESSAGES.resetLinkSent, 'success');
            onClose();
          } else {
            toast.show(answer.message ?? ADMIN_MESSAGES.resetLinkFailure, 'error');
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="form">
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <button type="submit" className="btn btn--accent btn--block" disabled={!hydrated || isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send reset link'}
            </button>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
