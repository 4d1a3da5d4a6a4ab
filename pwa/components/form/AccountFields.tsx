import { useFormWords } from '../../i18n/useFormWords.ts';
import { PasswordField, TextField } from './TextField.tsx';

/** The four fields of the two registrations: join now and the personality-test sign-up. */
export const EMPTY_ACCOUNT = { name: '', phone: '', email: '', password: '' };

export function AccountFields() {
  const w = useFormWords();
  return (
    <>
      <TextField name="name" label={w.fullName} autoComplete="name" />
      <TextField name="phone" label={w.phone} type="tel" autoComplete="tel" inputMode="tel" />
      <TextField name="email" label={w.email} type="email" autoComplete="email" />
      <PasswordField name="password" label={w.password} autoComplete="new-password" />
    </>
  );
}
