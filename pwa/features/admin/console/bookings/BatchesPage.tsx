// /admin/batches: the upcoming batches the booking form offers. Admins add
// one with its start date and remove one; a batch whose date has passed leaves the form by
// itself (the API lists from today, India time).
import { useId, useState, type FormEvent } from 'react';
import { BOOKING_PATHS, type Batch } from '../../../../../contract/bookings.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

function AddBatch({ onAdded }: { onAdded: () => void }) {
  const toast = useToast();
  const id = useId();
  const [label, setLabel] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const done = await attempt(
      () => adminRequest<{ batch: Batch }>(BOOKING_PATHS.adminBatches, { method: 'POST', body: { label, startsOn } }),
      (message) => toast.show(message, 'error'),
      'Could not add the batch. Please try again.',
    );
    if (!done) return;
    toast.show(`Batch added: ${done.batch.label}`, 'success');
    setLabel('');
    onAdded();
  };
  return (
    <form className="console-filters" onSubmit={(e) => void add(e)} aria-label="Add a batch">
      <div className="console-field">
        <label htmlFor={`${id}-label`}>Batch</label>
        <input id={`${id}-label`} value={label} required maxLength={120} onChange={(e) => setLabel(e.target.value)} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-date`}>Starts on</label>
        <input id={`${id}-date`} type="date" value={startsOn} required onChange={(e) => setStartsOn(e.target.value)} />
      </div>
      <button type="submit" className="btn btn--small">
        Add batch
      </button>
    </form>
  );
}

export default function BatchesPage() {
  const member = useMember();
  const toast = useToast();
  const [loaded, reload] = useAdminData<{ data: Batch[] }>(BOOKING_PATHS.adminBatches, 'Could not load the batches');
  const remove = async (batch: Batch) => {
    const done = await attempt(
      // 204: no body, so the answer is made a `true` to tell success from failure.
      () =>
        adminRequest(`${BOOKING_PATHS.adminBatches}/${encodeURIComponent(batch._id)}`, { method: 'DELETE' }).then(() => ({ data: true })),
      (message) => toast.show(message, 'error'),
      'Could not remove the batch. Please try again.',
    );
    if (done) reload();
  };
  const manages = member.can('batches.manage');
  return (
    <section aria-labelledby="console-title" className="console-settings">
      <Meta title="Batches | Admin" description="The batches the booking form offers." robots="noindex" />
      <h1 id="console-title">Batches</h1>
      <p>The booking form offers every batch from today on, and always “Next available batch”.</p>
      {manages && <AddBatch onAdded={reload} />}
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {loaded.state === 'ready' && (
        <ul className="console-batches" data-testid="batches">
          {loaded.data.data.map((b) => (
            <li key={b._id}>
              <span>
                {b.label} — <time dateTime={b.startsOn}>{b.startsOn}</time>
              </span>
              {manages && (
                <button type="button" className="btn btn--small" onClick={() => void remove(b)}>
                  Remove<span className="visually-hidden"> {b.label}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
