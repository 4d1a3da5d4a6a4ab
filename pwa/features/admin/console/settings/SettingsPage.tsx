// /admin/settings: the member's own settings — the time of their morning email (their day's
// follow-ups, India Standard Time), or none.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ADMIN_PATHS } from '../../../../../contract/admin.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../../../../contract/roles.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

interface Me {
  dayEmail: string | null;
}

export default function SettingsPage() {
  const member = useMember();
  const toast = useToast();
  const id = useId();
  const [loaded, reload] = useAdminData<Me>(ADMIN_PATHS.me, 'Could not load your settings');
  const [on, setOn] = useState(true);
  const [time, setTime] = useState('09:00');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded.state !== 'ready') return;
    setOn(loaded.data.dayEmail !== null);
    setTime(loaded.data.dayEmail ?? '09:00');
  }, [loaded]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const done = await attempt(
      () => adminRequest<Me>(ADMIN_PATHS.me, { method: 'PATCH', body: { dayEmail: on ? time : null } }),
      (message) => toast.show(message, 'error'),
      'Could not save. Please try again.',
    );
    setSaving(false);
    if (done) toast.show(done.dayEmail ? `Your day will be emailed at ${done.dayEmail}` : 'No morning email', 'success');
  };
  return (
    <section aria-labelledby="console-title" className="console-settings">
      <Meta title="My settings | Admin" description="Your console settings." robots="noindex" />
      <h1 id="console-title">My settings</h1>
      <p>
        {member.name} ({member.email}){member.role ? `: ${ROLE_LABELS[member.role]}, ${ROLE_DESCRIPTIONS[member.role].toLowerCase()}.` : ''}
      </p>
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {loaded.state === 'ready' && (
        <form className="console-filters" onSubmit={(e) => void save(e)}>
          <label className="console-check">
            <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> Email me my day each morning
          </label>
          <div className="console-field">
            <label htmlFor={`${id}-time`}>At (India time)</label>
            <input id={`${id}-time`} type="time" value={time} disabled={!on} required onChange={(e) => setTime(e.target.value)} />
          </div>
          <button type="submit" className="btn btn--small" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </form>
      )}
    </section>
  );
}
