import { Form, Formik } from 'formik';
import { useNavigate, useParams } from 'react-router-dom';
import { object, ref, string } from 'yup';
import { ADMIN_MESSAGES, newAdminPassword } from '../../../contract/admin.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { AuthSection } from '../../components/form/AuthSection.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { PasswordField } from '../../components/form/TextField.tsx';
import { Meta } from '../../components/Meta.tsx';
import { useToast } from '../../components/Toast.tsx';
import { adminPost, RESET_NETWORK_MESSAGE, resetPasswordPath } from './api.ts';

const schema = object({
  newPassword: newAdminPassword,
  confirmPassword: string()
    .required('Please confirm your new password')
    .oneOf([ref('newPassword')], MESSAGES.passwordsDoNotMatch),
});

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <Meta title="Reset Password" description="Choose a new password for your SkillUp admin account." robots="noindex" />
      <AuthSection>
        <Formik
          initialValues={{ newPassword: '', confirmPassword: '' }}
          validationSchema={schema}
          onSubmit={async (values, { resetForm }) => {
            const answer = await adminPost<{ message?: string }>(resetPasswordPath(token), { newPassword: values.newPassword });
            if (answer.networkError) {
              toast.show(RESET_NETWORK_MESSAGE, 'error');
            } else if (answer.ok) {
              toast.show(answer.message ?? ADMIN_MESSAGES.resetSuccess, 'success');
              resetForm();
              void navigate('/admin-login');
            } else {
              toast.show(answer.message ?? ADMIN_MESSAGES.resetFailure, 'error');
            }
          }}
        >
          <Form noValidate className="form card">
            <h1>Reset Password</h1>
            <PasswordField name="newPassword" label="New password" autoComplete="new-password" />
            <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
            <SubmitButton label="Reset password" busyLabel="Resetting..." block />
          </Form>
        </Formik>
      </AuthSection>
    </>
  );
}
