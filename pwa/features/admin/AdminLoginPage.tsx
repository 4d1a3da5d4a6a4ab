import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES, ADMIN_PATHS, adminLoginSchema, type AdminLoginResponse } from '../../../contract/admin.ts';
import { AuthSection } from '../../components/form/AuthSection.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { PasswordField, TextField } from '../../components/form/TextField.tsx';
import { Meta } from '../../components/Meta.tsx';
import { useToast } from '../../components/Toast.tsx';
import { saveAdminSession } from '../../lib/storage.ts';
import { adminPost } from './api.ts';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';

export default function AdminLoginPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = useState(false);
  return (
    <>
      <Meta title="Admin Login" description="Sign in to the SkillUp admin console." robots="noindex" />
      <AuthSection>
        <Formik
          initialValues={{ email: '', password: '' }}
          validationSchema={adminLoginSchema}
          onSubmit={async (values) => {
            const answer = await adminPost<Partial<AdminLoginResponse>>(ADMIN_PATHS.login, adminLoginSchema.cast(values));
            if (answer.ok && answer.data?.token) {
              saveAdminSession(answer.data.token, answer.data.admin);
              toast.show(ADMIN_MESSAGES.loginSuccess, 'success');
              navigate('/admin/join-now');
            } else {
              toast.show(answer.message ?? ADMIN_MESSAGES.loginFailure, 'error');
            }
          }}
        >
          <Form noValidate className="form card">
            <h1>Admin Login</h1>
            <TextField name="email" label="Email" type="email" autoComplete="username" />
            <PasswordField name="password" label="Password" />
            <SubmitButton label="Login" busyLabel="Logging in..." block />
            <button type="button" className="link-btn" onClick={() => setForgotOpen(true)}>
              Forgot password?
            </button>
          </Form>
        </Formik>
      </AuthSection>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </>
  );
}
