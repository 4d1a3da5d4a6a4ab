import { useCallback } from 'react';
import { useToast, type ToastKind } from '../components/Toast.tsx';
import { submitOutcome, type OutcomeTexts, type SubmitOutcome, type SubmitOutcomeKind } from '../lib/submit-outcome.ts';
import type { SubmitResult } from '../lib/submit.ts';

const TOAST_KIND: Record<SubmitOutcomeKind, ToastKind> = { sent: 'success', queued: 'info', failed: 'error' };

/** Shows a lead form's submit result as a toast and returns it, so the form can reset or move on. */
export function useSubmitToast(): (result: SubmitResult, texts: OutcomeTexts) => SubmitOutcome {
  const toast = useToast();
  return useCallback(
    (result, texts) => {
      const outcome = submitOutcome(result, texts);
      toast.show(outcome.message, TOAST_KIND[outcome.kind]);
      return outcome;
    },
    [toast],
  );
}
