import { Form, Formik } from 'formik';
import { ADMIN_MESSAGES, ADMIN_PATHS, forgotPasswordSchema } from '../../../contract/admin.ts';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { useToast } from '../../components/Toast.tsx';
import { adminPost } from './api.ts';

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  return (
    <Modal open={open} onClose={onClose} title="Forgot password" closeLabel="Close forgot password dialog">
      <p>Enter your admin email and we will send you a link to reset your password.</p>
      <Formik
        initialValues={{ email: '' }}
        validationSchema={forgotPasswordSchema}
        onSubmit={async (values) => {
          const answer = await adminPost<{ message?: string }>(ADMIN_PATHS.forgotPassword, forgotPasswordSchema.cast(values));
          if (answer.ok) {
            toast.show(ADMIN_MESSAGES.resetLinkSent, 'success');
            onClose();
          } else {
            toast.show(answer.message ?? ADMIN_MESSAGES.resetLinkFailure, 'error');
          }
        }}
      >
        <Form noValidate className="form">
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <SubmitButton label="Send reset link" busyLabel="Sending..." block />
        </Form>
      </Formik>
    </Modal>
  );
}
