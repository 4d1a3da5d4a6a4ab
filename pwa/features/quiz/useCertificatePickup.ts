// Answers queued on the device: their certificate's id and link are learnt once the outbox
// delivers them (to the server or a classroom's relay), from the delivery's answer, and kept
// with the stored result, so every page that shows the result shows the certificate.
import { useEffect } from 'react';
import type { QuizAnswersResponse } from '../../../contract/quiz/api.ts';
import { onOutboxEvent } from '../../lib/outbox/client.ts';
import { idbStore } from '../../lib/outbox/store.ts';
import { loadQuizResult, saveQuizResult, type StoredQuizResult } from './quiz-storage.ts';

type Delivered = Partial<Pick<QuizAnswersResponse, 'certificateId' | 'certificateUrl' | 'emailed'>>;

function deliveredOf(body: unknown): Delivered {
  if (!body || typeof body !== 'object') return {};
  const { certificateId, certificateUrl, emailed } = body as Record<string, unknown>;
  return {
    ...(typeof certificateId === 'string' ? { certificateId } : {}),
    ...(typeof certificateUrl === 'string' ? { certificateUrl } : {}),
    ...(typeof emailed === 'boolean' ? { emailed } : {}),
  };
}

export function useCertificatePickup(stored: StoredQuizResult | null): void {
  const pendingId = stored?.pending ? stored.submissionId : undefined;
  useEffect(() => {
    if (!pendingId) return;
    const delivered = (body: unknown) => {
      const latest = loadQuizResult();
      if (!latest || latest.submissionId !== pendingId) return;
      const got = deliveredOf(body);
      // A taker who gave no email stays unmailed whatever the answer says.
      saveQuizResult({ ...latest, ...got, pending: false, emailed: latest.emailed === false ? false : got.emailed });
    };
    const stop = onOutboxEvent((event) => {
      if (event.type === 'outcome' && event.id === pendingId && event.state === 'sent') delivered(event.body);
    });
    void idbStore
      .get(pendingId)
      .then((item) => {
        if (item?.state === 'sent') delivered(item.response);
      })
      .catch(() => undefined);
    return stop;
  }, [pendingId]);
}
