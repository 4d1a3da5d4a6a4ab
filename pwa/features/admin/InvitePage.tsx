// /admin-invite?token=…: an invited team member chooses their password (the link works once,
// for 48 hours), seeing the address and the role it is for, then logs in with the address
// filled in.
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { object, ref, string } from 'yup';
import { newAdminPassword } from '../../../contract/admin.ts';
import { TEAM_MESSAGES } from '../../../contract/team.ts';
import { DESK_PATHS } from '../../../contract/desk.ts';
import { ROLE_LABELS, type Role } from '../../../contract/roles.ts';
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

/** Whom the link is for (shown before they choose a password), once the server has said; null for a link that no longer works. */
function useInvitation(token: string): { email: string; role: Role } | null | undefined {
  const [found, setFound] = useState<{ email: string; role: Role } | null | undefined>(undefined);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetch(`${DESK_PATHS.invitations}/${encodeURIComponent(token)}`, { signal: controller.signal }).then(
      async (res) => setFound(res.ok ? ((await res.json()) as { email: string; role: Role }) : null),
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);
  return found;
}

export default function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
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
                const state: SessionNotice = {
                  notice: answer.message ?? TEAM_MESSAGES.invitationAccepted,
                  kind: 'success',
                  ...(invitation ? { email: invitation.email } : {}),
                };
                void navigate('/admin-login', { state });
              } else {
                toast.show(answer.message ?? TEAM_MESSAGES.invitationInvalid, 'error');
              }
            }}
          >
            <Form noValidate className="form card">
              <h1>Join the team</h1>
              {invitation && (
                <p className="invite-for">
                  For <strong>{invitation.email}</strong>, as <strong>{ROLE_LABELS[invitation.role]}</strong>.
                </p>
              )}
              {invitation === null && (
                <p className="form-error" role="alert">
                  {TEAM_MESSAGES.invitationInvalid}
                </p>
              )}
              <p>Choose the password you will log in with.</p>
              <PasswordField name="password" label="Password" autoComplete="new-password" />
              <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" />
              <SubmitButton label="Set password" busyLabel="Saving..." block />
            </Form>
          </Formik>
        ) : (
          <div className="form card" role="alert">
            <h1>Join the team</h1>
            <p>{TEAM_MESSAGES.invitationInvalid}</p>
          </div>
        )}
      </AuthSection>
    </>
  );
}
