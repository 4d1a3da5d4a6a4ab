// Who owns the lead and what happens next: an admin assigns it to any member who works
// leads (or back to the pool); a counsellor takes a pool lead or gives their own back; the
// next step is shown with its due time, changed or cleared by those who work leads.
import { useState, type FormEvent } from 'react';
import type { LeadDetail } from '../../../../../contract/lead-detail.ts';
import { ACTION_LABELS, type NextAction } from '../../../../../contract/activities.ts';
import { DESK_PATHS } from '../../../../../contract/desk.ts';
import type { Assignee } from '../../../../../contract/assignment.ts';
import type { TeamResponse } from '../../../../../contract/team.ts';
import { formatDateTime, fromIstInput, istInputValue } from '../common/format.ts';
import { useMember } from '../common/member.tsx';
import { useAdminData } from '../common/use-admin-data.ts';
import { emptyNextAction, NextActionFields, type NextActionDraft } from './NextActionFields.tsx';

export type LeadPatch = { assignee?: string | null; nextAction?: { type: string; dueAt: string; note?: string } | null };

function OwnerPicker({ assignee, onPatch }: { assignee: Assignee | null; onPatch: (p: LeadPatch) => void }) {
  const [team] = useAdminData<TeamResponse>(DESK_PATHS.team, 'Could not load the team');
  const members =
    team.state === 'ready' ? team.data.data.filter((m) => m.active && m.joined && (m.role === 'admin' || m.role === 'counsellor')) : [];
  return (
    <select aria-label="Owner" value={assignee?._id ?? ''} onChange={(e) => onPatch({ assignee: e.target.value || null })}>
      <option value="">Unassigned</option>
      {assignee && !members.some((m) => m.id === assignee._id) && <option value={assignee._id}>{assignee.name}</option>}
      {members.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </select>
  );
}

function Owner({ assignee, onPatch }: { assignee: Assignee | null; onPatch: (p: LeadPatch) => void }) {
  const member = useMember();
  if (member.can('leads.assign')) return <OwnerPicker assignee={assignee} onPatch={onPatch} />;
  const mine = assignee?._id === member.id;
  return (
    <>
      <span>{assignee ? (mine ? 'You' : assignee.name) : 'Unassigned'}</span>
      {member.can('leads.work') && assignee === null && (
        <button type="button" className="btn btn--small" onClick={() => onPatch({ assignee: member.id })}>
          Take it
        </button>
      )}
      {member.can('leads.work') && mine && (
        <button type="button" className="link-btn" onClick={() => onPatch({ assignee: null })}>
          Give back to the pool
        </button>
      )}
    </>
  );
}

function NextStepEditor({
  current,
  onPatch,
  onDone,
}: {
  current: NextAction | null;
  onPatch: (p: LeadPatch) => Promise<boolean>;
  onDone: () => void;
}) {
  const { workingHours } = useMember();
  const [draft, setDraft] = useState<NextActionDraft>(() =>
    current ? { type: current.type, at: istInputValue(current.dueAt), note: current.note ?? '' } : emptyNextAction(workingHours),
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await onPatch({
      nextAction: { type: draft.type, dueAt: fromIstInput(draft.at), ...(draft.note.trim() ? { note: draft.note.trim() } : {}) },
    });
    if (saved) onDone();
  };
  return (
    <form className="next-action-editor" onSubmit={(e) => void submit(e)} aria-label="Plan the next step">
      <NextActionFields value={draft} onChange={setDraft} />
      <button type="submit" className="btn btn--small">
        Save next step
      </button>
      <button type="button" className="link-btn" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

function nextLine(next: NextAction): string {
  const late = Date.now() - Date.parse(next.dueAt);
  return `${ACTION_LABELS[next.type]}, ${formatDateTime(next.dueAt)}${late > 60_000 ? ' (overdue)' : ''}`;
}

export function WorkSection({ data, onPatch }: { data: LeadDetail['data']; onPatch: (p: LeadPatch) => Promise<boolean> }) {
  const member = useMember();
  const [editing, setEditing] = useState(false);
  const assignee = (data.assignee as Assignee | null | undefined) ?? null;
  const next = (data.nextAction as NextAction | null | undefined) ?? null;
  const works = member.can('leads.work');
  return (
    <dl className="lead-fields lead-work">
      <div className="lead-fields__row">
        <dt>Owner</dt>
        <dd className="lead-status">
          <Owner assignee={assignee} onPatch={(p) => void onPatch(p)} />
        </dd>
      </div>
      <div className="lead-fields__row">
        <dt>Next step</dt>
        <dd>
          {editing ? (
            <NextStepEditor current={next} onPatch={onPatch} onDone={() => setEditing(false)} />
          ) : (
            <div className="lead-status">
              <span className={next && Date.parse(next.dueAt) < Date.now() ? 'is-overdue' : undefined}>
                {next ? nextLine(next) : 'None planned'}
                {next?.note ? <span className="muted"> — {next.note}</span> : null}
              </span>
              {works && (
                <button type="button" className="link-btn" onClick={() => setEditing(true)}>
                  {next ? 'Change' : 'Plan one'}
                </button>
              )}
              {works && next && (
                <button type="button" className="link-btn" onClick={() => void onPatch({ nextAction: null })}>
                  Clear
                </button>
              )}
            </div>
          )}
        </dd>
      </div>
    </dl>
  );
}
