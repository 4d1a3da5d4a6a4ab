import { useCallback } from 'react';
import { useToast, type ToastKind } from '../components/Toast.tsx';
import { submitOutcome, type OutcomeTexts, type SubmitOutcome, type SubmitOutcomeKind } from '../lib/submit-outcome.ts';
import { SAVED_OFFLINE_MESSAGE, SAVED_SERVER_MESSAGE, type SubmitResult } from '../lib/submit.ts';
import { useFormWords, useLocalize } from '../i18n/useFormWords.ts';

const TOAST_KIND: Record<SubmitOutcomeKind, ToastKind> = { sent: 'success', queued: 'info', failed: 'error' };

/** Shows a lead form's submit result as a toast and returns it, so the form can reset or move on. */
export function useSubmitToast(): (result: SubmitResult, texts: OutcomeTexts) => SubmitOutcome {
  const toast = useToast();
  const w = useFormWords();
  const localize = useLocalize();
  return useCallback(
    (result, texts) => {
      const outcome = submitOutcome(result, texts);
      // In the page's language: the device's own words, or the contract's message (the
      // server already answers a Hindi page in Hindi; a message it does not know stays as sent).
      const saved = { [SAVED_OFFLINE_MESSAGE]: w.savedOffline, [SAVED_SERVER_MESSAGE]: w.savedServer }[outcome.message];
      const message = saved ?? localize(outcome.message);
      toast.show(message, TOAST_KIND[outcome.kind]);
      return { ...outcome, message };
    },
    [toast, w, localize],
  );
}
