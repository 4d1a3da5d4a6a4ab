// A change a console button asks of the server, as the lead panel's payment buttons make it:
// busy while it runs (the button disabled, so a double click sends once), then the success
// toast and onChanged (the panel reloads); when refused, the server's reason in a toast. A 401
// says nothing here: it has ended the session, and the login page says so.
import { useState } from 'react';
import { useToast } from '../../../../components/Toast.tsx';
import { AdminRequestError } from './request.ts';

export function useChange(
  onChanged: () => void,
): [busy: boolean, change: (request: () => Promise<unknown>, done: string) => Promise<void>] {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const change = async (request: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await request();
      toast.show(done, 'success');
      onChanged();
    } catch (err) {
      if (err instanceof AdminRequestError && err.status !== 401)
        toast.show(err.serverMessage ?? 'Could not save. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return [busy, change];
}
