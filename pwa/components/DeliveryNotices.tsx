// Tells an open page when submissions that had been waiting reach the server (or are
// rejected). A batch delivers many at once: they are told in one notice, not a hundred.
import { useEffect } from 'react';
import { onOutboxEvent } from '../lib/outbox/client.ts';
import { useToast } from './Toast.tsx';

function deliveredText(labels: string[]): string {
  return labels.length === 1
    ? `Delivered: your ${labels[0]!.toLowerCase()} has reached us.`
    : `Delivered: ${labels.length} saved submissions have reached us.`;
}

export function DeliveryNotices() {
  const toast = useToast();
  useEffect(() => {
    let sent: string[] = [];
    let rejected: string[] = [];
    let scheduled = false;
    const flush = () => {
      scheduled = false;
      if (sent.length > 0) toast.show(deliveredText(sent), 'success');
      if (rejected.length > 0) {
        toast.show(
          rejected.length === 1
            ? `Your ${rejected[0]!.toLowerCase()} needs attention — see Outbox.`
            : `${rejected.length} saved submissions need attention — see Outbox.`,
          'error',
        );
      }
      sent = [];
      rejected = [];
    };
    return onOutboxEvent((event) => {
      // attempts > 0: it had been waiting; a first-try outcome is reported by its own form.
      if (event.type !== 'outcome' || event.attempts === 0) return;
      if (event.state === 'sent') sent.push(event.label);
      else if (event.state === 'attention') rejected.push(event.label);
      else return;
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
    });
  }, [toast]);
  return null;
}
