// One action of a rule in the editor: its type, then the fields that type needs.
import { ACTION_LABELS, ACTION_TYPES } from '../../../../../contract/activities.ts';
import type { TeamMember } from '../../../../../contract/team.ts';
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from '../../../../../contract/lead-kinds.ts';
import { EMAIL_PLACEHOLDERS, RULE_ACTION_LABELS, RULE_ACTION_TYPES, type RuleAction } from '../../../../../contract/rules.ts';

/** A fresh action of a type, with sensible first values. */
export function newAction(type: RuleAction['type'], members: TeamMember[]): RuleAction {
  switch (type) {
    case 'assign':
      return { type, memberId: members[0]?.id ?? '' };
    case 'nextAction':
      return { type, actionType: 'call', inMinutes: 30 };
    case 'status':
      return { type, status: 'contacted' };
    case 'email':
      return {
        type,
        to: 'lead',
        subject: 'Thank you, {firstName}',
        body: 'Hello {name},\n\nThank you for writing to us. We will call you soon.',
        hindi: { subject: 'धन्यवाद, {firstName}', body: 'नमस्ते {name},\n\nहमें लिखने के लिए धन्यवाद। हम जल्द ही आपको फ़ोन करेंगे।' },
      };
    case 'notify':
      return { type, to: 'owner' };
    case 'tag':
      return { type, tag: '' };
  }
}

function MemberSelect({
  id,
  label,
  value,
  members,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  members: TeamMember[];
  onChange: (v: string) => void;
}) {
  return (
    <label htmlFor={id}>
      {label}
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name || m.email}
          </option>
        ))}
      </select>
    </label>
  );
}

function AssignFields({
  id,
  action,
  members,
  set,
}: {
  id: string;
  action: Extract<RuleAction, { type: 'assign' }>;
  members: TeamMember[];
  set: (a: RuleAction) => void;
}) {
  const rr = action.roundRobin !== undefined;
  return (
    <>
      <label htmlFor={`${id}-how`}>
        How
        <select
          id={`${id}-how`}
          value={rr ? 'rr' : 'one'}
          onChange={(e) =>
            set(
              e.target.value === 'rr'
                ? { type: 'assign', roundRobin: members.map((m) => m.id) }
                : { type: 'assign', memberId: members[0]?.id ?? '' },
            )
          }
        >
          <option value="one">To one member</option>
          <option value="rr">Round robin among</option>
        </select>
      </label>
      {rr ? (
        <fieldset className="rule-members">
          <legend>Members in turn</legend>
          {members.map((m) => (
            <label key={m.id}>
              <input
                type="checkbox"
                checked={action.roundRobin!.includes(m.id)}
                onChange={(e) =>
                  set({
                    type: 'assign',
                    roundRobin: e.target.checked ? [...action.roundRobin!, m.id] : action.roundRobin!.filter((x) => x !== m.id),
                  })
                }
              />{' '}
              {m.name || m.email}
            </label>
          ))}
        </fieldset>
      ) : (
        <MemberSelect
          id={`${id}-member`}
          label="Member"
          value={action.memberId ?? ''}
          members={members}
          onChange={(memberId) => set({ type: 'assign', memberId })}
        />
      )}
    </>
  );
}

function EmailFields({ id, action, set }: { id: string; action: Extract<RuleAction, { type: 'email' }>; set: (a: RuleAction) => void }) {
  return (
    <>
      <label htmlFor={`${id}-to`}>
        To
        <select id={`${id}-to`} value={action.to} onChange={(e) => set({ ...action, to: e.target.value as typeof action.to })}>
          <option value="lead">The lead (only with a consent record)</option>
          <option value="owner">The lead’s owner</option>
          <option value="admins">The admins</option>
        </select>
      </label>
      <label htmlFor={`${id}-subject`}>
        Subject
        <input id={`${id}-subject`} value={action.subject} maxLength={200} onChange={(e) => set({ ...action, subject: e.target.value })} />
      </label>
      <label htmlFor={`${id}-body`} className="rule-wide">
        Body <span className="muted">({EMAIL_PLACEHOLDERS.join(', ')})</span>
        <textarea
          id={`${id}-body`}
          rows={4}
          value={action.body}
          maxLength={5000}
          onChange={(e) => set({ ...action, body: e.target.value })}
        />
      </label>
      {action.to === 'lead' && <HindiEmailFields id={id} action={action} set={set} />}
    </>
  );
}

/** The same email in Hindi, sent instead to a lead who wrote from the Hindi site; left empty, they get the English one. */
function HindiEmailFields({
  id,
  action,
  set,
}: {
  id: string;
  action: Extract<RuleAction, { type: 'email' }>;
  set: (a: RuleAction) => void;
}) {
  const hindi = action.hindi ?? { subject: '', body: '' };
  const change = (next: { subject: string; body: string }) => {
    const { hindi: _old, ...rest } = action;
    set(next.subject.trim() === '' && next.body.trim() === '' ? rest : { ...rest, hindi: next });
  };
  return (
    <>
      <label htmlFor={`${id}-hindi-subject`}>
        Subject in Hindi <span className="muted">(leads from the Hindi site)</span>
        <input
          id={`${id}-hindi-subject`}
          lang="hi"
          value={hindi.subject}
          maxLength={200}
          onChange={(e) => change({ ...hindi, subject: e.target.value })}
        />
      </label>
      <label htmlFor={`${id}-hindi-body`} className="rule-wide">
        Body in Hindi
        <textarea
          id={`${id}-hindi-body`}
          lang="hi"
          rows={4}
          value={hindi.body}
          maxLength={5000}
          onChange={(e) => change({ ...hindi, body: e.target.value })}
        />
      </label>
    </>
  );
}

export function ActionFields({
  id,
  action,
  members,
  set,
}: {
  id: string;
  action: RuleAction;
  members: TeamMember[];
  set: (a: RuleAction) => void;
}) {
  return (
    <>
      <label htmlFor={`${id}-type`}>
        Action
        <select id={`${id}-type`} value={action.type} onChange={(e) => set(newAction(e.target.value as RuleAction['type'], members))}>
          {RULE_ACTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {RULE_ACTION_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      {action.type === 'assign' && <AssignFields id={id} action={action} members={members} set={set} />}
      {action.type === 'email' && <EmailFields id={id} action={action} set={set} />}
      {action.type === 'nextAction' && (
        <>
          <label htmlFor={`${id}-kind`}>
            Next action
            <select
              id={`${id}-kind`}
              value={action.actionType}
              onChange={(e) => set({ ...action, actionType: e.target.value as typeof action.actionType })}
            >
              {ACTION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ACTION_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-in`}>
            Due in (minutes)
            <input
              id={`${id}-in`}
              type="number"
              min={0}
              max={43200}
              value={action.inMinutes}
              onChange={(e) => set({ ...action, inMinutes: Number(e.target.value) })}
            />
          </label>
        </>
      )}
      {action.type === 'status' && (
        <label htmlFor={`${id}-status`}>
          Status
          <select
            id={`${id}-status`}
            value={action.status}
            onChange={(e) => set({ ...action, status: e.target.value as typeof action.status })}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      )}
      {action.type === 'notify' && (
        <label htmlFor={`${id}-notify`}>
          Who
          <select id={`${id}-notify`} value={action.to} onChange={(e) => set({ ...action, to: e.target.value })}>
            <option value="owner">The lead’s owner (the admins if none)</option>
            <option value="admins">The admins</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name || m.email}
              </option>
            ))}
          </select>
        </label>
      )}
      {action.type === 'tag' && (
        <label htmlFor={`${id}-tag`}>
          Tag
          <input id={`${id}-tag`} value={action.tag} maxLength={40} onChange={(e) => set({ ...action, tag: e.target.value })} />
        </label>
      )}
    </>
  );
}
