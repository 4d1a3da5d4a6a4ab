// What the live feed says to this member in person: a next action that has come due (a card
// that stays until dismissed or opened, read out by screen readers), and leads just assigned
// to them (a short message).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LeadEvent } from '../../../../../contract/console.ts';
import { ACTION_LABELS } from '../../../../../contract/activities.ts';
import { listOf } from '../../../../../contract/lead-kinds.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { formatDateTime } from '../common/format.ts';
import { useLeadEvents } from '../common/lead-events.tsx';

/** Cards kept at once: the oldest goes first past this. */
const MAX_CARDS = 5;

export function Reminders() {
  const { subscribe } = useLeadEvents();
  const toast = useToast();
  const [due, setDue] = useState<LeadEvent[]>([]);
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === 'reminder' && event.id) {
          setDue((d) => [...d.filter((r) => r.id !== event.id), event].slice(-MAX_CARDS));
        } else if (event.type === 'created' && event.assignedToYou) {
          const n = event.assignedToYou;
          toast.show(`${n === 1 ? 'A new lead is' : `${n} new leads are`} assigned to you in ${listOf(event.list).title}`, 'info');
        } else if (event.type === 'updated' && event.assignedToYouNow) {
          toast.show(`A lead in ${listOf(event.list).title} is assigned to you`, 'info');
        }
      }),
    [subscribe, toast],
  );
  if (due.length === 0) return null;
  const dismiss = (id: string | undefined) => setDue((d) => d.filter((r) => r.id !== id));
  return (
    <aside className="reminders" aria-label="Follow-ups due now">
      {due.map((r) => (
        <div key={r.id} className="reminder" role="alert" data-testid="reminder">
          <p>
            <strong>
              {r.nextAction ? ACTION_LABELS[r.nextAction.type] : 'Follow up'} {r.name || 'a lead'}
            </strong>{' '}
            <span className="muted">due {r.nextAction ? formatDateTime(r.nextAction.dueAt) : 'now'}</span>
          </p>
          {r.nextAction?.note ? <p className="reminder__note">{r.nextAction.note}</p> : null}
          <div className="reminder__actions">
            <Link className="btn btn--small" to={`/admin/${r.list}?open=${encodeURIComponent(r.id ?? '')}`} onClick={() => dismiss(r.id)}>
              Open the lead
            </Link>
            <button type="button" className="link-btn" onClick={() => dismiss(r.id)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </aside>
  );
}
