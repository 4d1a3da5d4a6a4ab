// A paid booking's receipt in the console: the same PDF the student was mailed, fetched with
// the member's session (the server checks they may see the booking).
import { useState } from 'react';
import { adminReceiptPath } from '../../../../../contract/bookings.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { downloadWithSession } from '../common/download.ts';
import { AdminRequestError } from '../common/request.ts';

export function ReceiptDownload({ id }: { id: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithSession(adminReceiptPath(id), 'receipt.pdf');
    } catch (err) {
      const missing = err instanceof AdminRequestError && err.status === 404;
      // A booking marked paid by hand has no gateway or UTR payment, so no receipt.
      toast.show(
        missing
          ? 'This booking has no receipt (it was not paid through the gateway or a confirmed UTR).'
          : 'Could not download the receipt',
        'error',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="lead-payment" aria-label="Receipt">
      <button type="button" className="btn btn--small" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? 'Preparing the receipt…' : 'Download the receipt (PDF)'}
      </button>
    </section>
  );
}
