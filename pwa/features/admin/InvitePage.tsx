// /admin-invite?token=…: an invited team member chooses their password (the link works once,
// for 48 hours), then logs in.
import { Form, Formik } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { object, ref, string } from 'yup';
import { newAdminPassword } from '../../../contract/admin.ts';
import { DESK_MESSAGES, DESK_PATHS } from '../../../contract/desk.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { AuthSection } from '../../components/form/AuthSection.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { PasswordField } from '../../components/form/TextField.tsx';
import { Meta } from '../../components/Meta.tsx';
import { useToast } from '../../components/Toast.tsx';
import { adminPost, RESET_NETWORK_MESSAGE } from './api.ts';
import type { SessionNotice } from './session.ts';

const schema = object({
  password: newAdminPassword,
  confirmPassword: string()
    .required('Please confirm your password')
    .oneOf([ref('password')], MESSAGES.passwordsDoNotMatch),
});

export default function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <Meta title="Join the team" description="Choose your password for the SkillUp console." robots="noindex" />
      <AuthSection>
        {token ? (
          <Formik
            initialValues={{ password: '', confirmPassword: '' }}
            validationSchema={schema}
            onSubmit={async (values) => {
              const answer = await adminPost<{ message?: string }>(DESK_PATHS.acceptInvitation, { token, password: values.password });
              if (answer.networkError) {
                toast.show(RESET_NETWORK_MESSAGE, 'error');
              } else if (answer.ok) {
                const state: SessionNotice = { notice: answer.message ?? DESK_MESSAGES.invitationAccepted, kind: 'success' };
                void navigate('/admin-login', { state });
              } else {
                toast.show(answer.message ?? DESK_MESSAGES.invitationInvalid, 'error');
              }
            }}
          >
            <Form noValidate className="form card">
              <h1>Join the team</h1>
              <p>Choose the password you will log in with.</p>
              <PasswordField name="password" label="Password" autoComplete="new-password" />
              <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
              <SubmitButton label="Set password" busyLabel="Saving..." block />
            </Form>
          </Formik>
        ) : (
          <div className="form card" role="alert">
            <h1>Join the team</h1>
            <p>{DESK_MESSAGES.invitationInvalid}</p>
          </div>
        )}
      </AuthSection>
    </>
  );
}
