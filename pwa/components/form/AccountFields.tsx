import { PasswordField, TextField } from './TextField.tsx';

/** The four fields of the two registrations: join now and the personality-test sign-up. */
export const EMPTY_ACCOUNT = { name: '', phone: '', email: '', password: '' };

export function AccountFields() {
  return (
    <>
      <TextField name="name" label="Full name" autoComplete="name" />
      <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
      <TextField name="email" label="Email" type="email" autoComplete="email" />
      <PasswordField name="password" label="Password" autoComplete="new-password" />
    </>
  );
}
