import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES, ADMIN_PATHS, adminLoginSchema, type AdminLoginResponse } from '../../../contract/admin.ts';
import { AuthSection } from '../../components/form/AuthSection.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { PasswordField, TextField } from '../../components/form/TextField.tsx';
import { Meta } from '../../components/Meta.tsx';
import { useToast } from '../../components/Toast.tsx';
import { adminPost } from './api.ts';
import { saveSession, type SessionNotice } from './session.ts';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';

export default function AdminLoginPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const [forgotOpen, setForgotOpen] = useState(false);
  // The console sends admins here after a logout, or when the server ended the session.
  const location = useLocation();
  const notice = (location.state as Partial<SessionNotice> | null)?.notice;
  const noticeKind = (location.state as Partial<SessionNotice> | null)?.kind ?? 'success';
  useEffect(() => {
    if (!notice) return;
    toast.show(notice, noticeKind);
    // Said once: a reload of the login page does not repeat it.
    void navigate(location.pathname, { replace: true, state: null });
  }, [notice, noticeKind, toast, navigate, location.pathname]);
  return (
    <>
      <Meta title="Admin Login" description="Sign in to the SkillUp admin console." robots="noindex" />
      <AuthSection>
        <Formik
          initialValues={{ email: (location.state as Partial<SessionNotice> | null)?.email ?? '', password: '' }}
          validationSchema={adminLoginSchema}
          onSubmit={async (values) => {
            const answer = await adminPost<Partial<AdminLoginResponse>>(ADMIN_PATHS.login, adminLoginSchema.cast(values));
            if (answer.ok && answer.data?.token) {
              saveSession({
                token: answer.data.token,
                admin: answer.data.admin ?? null,
                ...(answer.data.expiresAt ? { expiresAt: answer.data.expiresAt } : {}),
              });
              // Said by the console, which has the screen from here on (spec §4: to /admin/join-now;
              // a counsellor's console opens on their day, a trainer's on its home).
              const state: SessionNotice = { notice: ADMIN_MESSAGES.loginSuccess, kind: 'success' };
              const role = answer.data.admin?.role;
              void navigate(role === 'counsellor' ? '/admin/my-day' : role === 'trainer' ? '/admin' : '/admin/join-now', { state });
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
