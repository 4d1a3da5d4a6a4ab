// /admin/webinar-schedule: the webinars the public /webinars page lists. Admins schedule one
// (title, start, joining link), edit it (a new start or link is emailed to those registered and
// reminded anew) or cancel it (it leaves the page, nobody more can register, and those
// registered are emailed). Its registrations are the Webinar Registrations list.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { WEBINAR_PATHS, type Webinar } from '../../../../../contract/webinars.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';
import { LoadState } from '../common/LoadState.tsx';

/** An instant as a datetime-local input's value, in this browser's time zone. */
function localInput(iso: string): string {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const whenText = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function WebinarForm({ webinar, onSaved, onCancel }: { webinar?: Webinar; onSaved: () => void; onCancel?: () => void }) {
  const toast = useToast();
  const id = useId();
  const [title, setTitle] = useState(webinar?.title ?? '');
  const [startsAt, setStartsAt] = useState(webinar ? localInput(webinar.startsAt) : '');
  const [joinUrl, setJoinUrl] = useState(webinar?.joinUrl ?? '');
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const path = webinar ? `${WEBINAR_PATHS.admin}/${encodeURIComponent(webinar._id)}` : WEBINAR_PATHS.admin;
    const body = { title, startsAt: new Date(startsAt).toISOString(), joinUrl };
    const done = await attempt(
      () => adminRequest<{ webinar: Webinar }>(path, { method: webinar ? 'PATCH' : 'POST', body }),
      (message) => toast.show(message, 'error'),
      'Could not save the webinar. Please try again.',
    );
    if (!done) return;
    toast.show(`${webinar ? 'Saved' : 'Scheduled'}: ${done.webinar.title}`, 'success');
    if (!webinar) {
      setTitle('');
      setStartsAt('');
      setJoinUrl('');
    }
    onSaved();
  };
  return (
    <form className="console-filters" onSubmit={(e) => void save(e)} aria-label={webinar ? `Edit ${webinar.title}` : 'Schedule a webinar'}>
      <div className="console-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} value={title} required maxLength={150} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-start`}>Starts (your time)</label>
        <input id={`${id}-start`} type="datetime-local" value={startsAt} required onChange={(e) => setStartsAt(e.target.value)} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-url`}>Joining link</label>
        <input id={`${id}-url`} type="url" value={joinUrl} required placeholder="https://" onChange={(e) => setJoinUrl(e.target.value)} />
      </div>
      <button type="submit" className="btn btn--small">
        {webinar ? 'Save' : 'Schedule webinar'}
      </button>
      {onCancel && (
        <button type="button" className="btn btn--small btn--outline" onClick={onCancel}>
          Back
        </button>
      )}
    </form>
  );
}

/** Says before the click that those registered will be emailed (the server tells them on cancel). */
function confirmText(registered: number): string {
  if (registered === 0) return 'Yes, cancel it';
  return `Yes, cancel it and email the ${registered} registered`;
}

function WebinarRow({ webinar, manages, onChanged }: { webinar: Webinar; manages: boolean; onChanged: () => void }) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = async () => {
    const done = await attempt(
      () => adminRequest<{ webinar: Webinar }>(`${WEBINAR_PATHS.admin}/${encodeURIComponent(webinar._id)}/cancel`, { method: 'POST' }),
      (message) => toast.show(message, 'error'),
      'Could not cancel the webinar. Please try again.',
    );
    if (done)
      toast.show(`Cancelled: ${webinar.title}${webinar.registrations > 0 ? '. Those registered are being emailed.' : ''}`, 'success');
    setConfirming(false);
    onChanged();
  };
  if (editing) return <WebinarForm webinar={webinar} onSaved={() => (setEditing(false), onChanged())} onCancel={() => setEditing(false)} />;
  const open = !webinar.cancelledAt && Date.parse(webinar.startsAt) > Date.now();
  return (
    <>
      <span>
        <strong>{webinar.title}</strong> — <time dateTime={webinar.startsAt}>{whenText(webinar.startsAt)}</time>
        {webinar.cancelledAt ? ' (cancelled)' : ''} · {webinar.registrations} registered
      </span>
      {manages && open && (
        <span className="console-webinars__actions">
          <button type="button" className="link-btn" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> {webinar.title}</span>
          </button>
          <button type="button" className="link-btn link-btn--danger" onClick={() => (confirming ? void cancel() : setConfirming(true))}>
            {confirming ? confirmText(webinar.registrations) : 'Cancel webinar'}
            <span className="visually-hidden"> {webinar.title}</span>
          </button>
        </span>
      )}
    </>
  );
}

export default function WebinarSchedulePage() {
  const member = useMember();
  const [loaded, reload] = useAdminData<{ data: Webinar[] }>(WEBINAR_PATHS.admin, 'Could not load the webinars');
  const manages = member.can('webinars.manage');
  return (
    <section aria-labelledby="console-title" className="console-settings">
      <Meta title="Webinars | Admin" description="The webinars the public page lists." robots="noindex" />
      <h1 id="console-title">Webinars</h1>
      <p>
        The <a href="/webinars">webinars page</a> lists every webinar still to come. Those who register get the joining link by email and a
        reminder an hour before; they are in <Link to="/admin/webinars">Webinar Registrations</Link>.
      </p>
      {manages && <WebinarForm onSaved={reload} />}
      <LoadState loaded={loaded} onRetry={reload} empty={(d) => d.data.length === 0 && 'No webinars yet.'}>
        {(d) => (
          <ul className="console-batches console-webinars" data-testid="webinars">
            {d.data.map((w) => (
              <li key={w._id}>
                <WebinarRow webinar={w} manages={manages} onChanged={reload} />
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
