// The one change a bulk action makes, chosen and filled in: a status, an owner (a member, the
// pool, or the list's round robin for admins; themselves or the pool for a counsellor), a next
// step, or a tag. Applying it is the bar's (list/BulkBar.tsx).
import { useState, type FormEvent } from 'react';
import type { BulkAction } from '../../../../../contract/bulk.ts';
import { DESK_PATHS } from '../../../../../contract/desk.ts';
import type { AssignmentRules } from '../../../../../contract/assignment.ts';
import type { TeamResponse } from '../../../../../contract/team.ts';
import type { LeadStatus, ListSlug } from '../../../../../contract/lead-kinds.ts';
import { StatusSelect } from '../common/controls.tsx';
import { fromIstInput, statusLabel } from '../common/format.ts';
import { useMember } from '../common/member.tsx';
import { useAdminData } from '../common/use-admin-data.ts';
import { emptyNextAction, NextActionFields, type NextActionDraft } from '../lead/NextActionFields.tsx';

export type Changing = Exclude<BulkAction, { type: 'export' }>;
type Choice = Changing['type'];

const CHOICES: Array<{ value: Choice; label: string }> = [
  { value: 'status', label: 'Set status' },
  { value: 'assign', label: 'Assign' },
  { value: 'nextAction', label: 'Set next step' },
  { value: 'tag', label: 'Tag' },
];

/** Whom the leads may go to, as the member may give them: value → label. */
function useOwners(slug: ListSlug): Array<{ value: string; label: string }> {
  const member = useMember();
  const admin = member.can('leads.assign');
  const [team] = useAdminData<TeamResponse>(admin ? DESK_PATHS.team : null, 'Could not load the team');
  const [rules] = useAdminData<AssignmentRules>(admin ? DESK_PATHS.assignment : null, 'Could not load the assignment rules');
  if (!admin) {
    return [
      { value: member.id, label: 'Me' },
      { value: 'none', label: 'No one (the pool)' },
    ];
  }
  const members =
    team.state === 'ready' ? team.data.data.filter((m) => m.active && m.joined && (m.role === 'admin' || m.role === 'counsellor')) : [];
  const roundRobin = rules.state === 'ready' && rules.data.lists[slug]?.mode === 'round-robin';
  return [
    ...(roundRobin ? [{ value: 'round-robin', label: 'Round robin (in turn)' }] : []),
    { value: 'none', label: 'No one (the pool)' },
    ...members.map((m) => ({ value: m.id, label: m.name || m.email })),
  ];
}

/** The action and the words that say it was done ("assigned to Asha"). */
function actionOf(
  choice: Choice,
  fields: { status: LeadStatus; owner: string; next: NextActionDraft; tag: string },
  owners: Array<{ value: string; label: string }>,
): { action: Changing; done: string } | undefined {
  switch (choice) {
    case 'status':
      return { action: { type: 'status', status: fields.status }, done: `set to ${statusLabel(fields.status)}` };
    case 'assign': {
      if (fields.owner === '') return undefined;
      if (fields.owner === 'round-robin') return { action: { type: 'assign', roundRobin: true }, done: 'assigned in turn' };
      if (fields.owner === 'none') return { action: { type: 'assign', assignee: null }, done: 'moved to the pool' };
      const name = owners.find((o) => o.value === fields.owner)?.label ?? '';
      return { action: { type: 'assign', assignee: fields.owner }, done: `assigned to ${name === 'Me' ? 'you' : name}` };
    }
    case 'nextAction': {
      const note = fields.next.note.trim();
      const nextAction = { type: fields.next.type, dueAt: fromIstInput(fields.next.at), ...(note ? { note } : {}) };
      return { action: { type: 'nextAction', nextAction }, done: 'given the next step' };
    }
    case 'tag':
      return fields.tag.trim() ? { action: { type: 'tag', tag: fields.tag.trim() }, done: `tagged “${fields.tag.trim()}”` } : undefined;
  }
}

export function BulkActions({ slug, busy, onApply }: { slug: ListSlug; busy: boolean; onApply: (action: Changing, done: string) => void }) {
  const { workingHours } = useMember();
  const owners = useOwners(slug);
  const [choice, setChoice] = useState<Choice>('status');
  const [status, setStatus] = useState<LeadStatus>('contacted');
  const [owner, setOwner] = useState('');
  const [next, setNext] = useState<NextActionDraft>(() => emptyNextAction(workingHours));
  const [tag, setTag] = useState('');
  const chosen = actionOf(choice, { status, owner, next, tag }, owners);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen) onApply(chosen.action, chosen.done);
  };
  return (
    <form className="console-bulk__action" onSubmit={submit} aria-label="Change the selected leads">
      <select aria-label="What to do with the selected leads" value={choice} onChange={(e) => setChoice(e.target.value as Choice)}>
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {choice === 'status' && <StatusSelect value={status} label="New status for the selected leads" onChange={setStatus} />}
      {choice === 'assign' && (
        <select aria-label="Assign the selected leads to" value={owner} onChange={(e) => setOwner(e.target.value)}>
          <option value="">Assign to…</option>
          {owners.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      {choice === 'nextAction' && <NextActionFields value={next} onChange={setNext} />}
      {choice === 'tag' && (
        <input
          aria-label="Tag for the selected leads"
          placeholder="Tag, e.g. College fair"
          maxLength={40}
          value={tag}
          onChange={(e) => setTag(e.target.value)}
        />
      )}
      <button type="submit" className="btn btn--small" disabled={busy || !chosen}>
        Apply
      </button>
    </form>
  );
}
