// /admin/assignment: how each list's new leads find an owner — round robin among chosen
// members (in the order shown; fair across every server, deactivated members skipped, spam
// never assigned) or manual (they wait unassigned). Admins change it; viewers read it.
import { useEffect, useState } from 'react';
import { DESK_PATHS } from '../../../../../contract/desk.ts';
import { ROLE_LABELS } from '../../../../../contract/roles.ts';
import type { AssignmentRules, ListAssignment } from '../../../../../contract/assignment.ts';
import type { TeamMember, TeamResponse } from '../../../../../contract/team.ts';
import { LIST_SLUGS, listOf, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

type Rules = Record<ListSlug, ListAssignment>;

function ListRule({
  slug,
  rule,
  members,
  readOnly,
  onChange,
}: {
  slug: ListSlug;
  rule: ListAssignment;
  members: TeamMember[];
  readOnly: boolean;
  onChange: (rule: ListAssignment) => void;
}) {
  const title = listOf(slug).title;
  const toggle = (id: string, on: boolean) =>
    onChange({
      ...rule,
      members: on ? members.map((m) => m.id).filter((m) => m === id || rule.members.includes(m)) : rule.members.filter((m) => m !== id),
    });
  return (
    <fieldset className="assignment-rule" disabled={readOnly}>
      <legend>{title}</legend>
      <div className="assignment-rule__modes">
        {(['round-robin', 'manual'] as const).map((mode) => (
          <label key={mode}>
            <input type="radio" name={`mode-${slug}`} checked={rule.mode === mode} onChange={() => onChange({ ...rule, mode })} />{' '}
            {mode === 'round-robin' ? 'Round robin' : 'Manual (new leads wait unassigned)'}
          </label>
        ))}
      </div>
      {rule.mode === 'round-robin' && (
        <ul className="assignment-rule__members" aria-label={`Who takes turns for ${title}`}>
          {members.map((m) => (
            <li key={m.id}>
              <label>
                <input type="checkbox" checked={rule.members.includes(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} /> {m.name}{' '}
                <span className="muted">({ROLE_LABELS[m.role]})</span>
              </label>
            </li>
          ))}
          {rule.members.length === 0 && <li className="muted">Choose at least one member, or new leads stay unassigned.</li>}
        </ul>
      )}
    </fieldset>
  );
}

export default function AssignmentPage() {
  const me = useMember();
  const toast = useToast();
  const [loaded, reload] = useAdminData<AssignmentRules>(DESK_PATHS.assignment, 'Could not load the assignment rules');
  const [team] = useAdminData<TeamResponse>(DESK_PATHS.team, 'Could not load the team');
  const [rules, setRules] = useState<Rules | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded.state === 'ready') setRules(loaded.data.lists as Rules);
  }, [loaded]);
  const members =
    team.state === 'ready' ? team.data.data.filter((m) => m.active && m.joined && (m.role === 'counsellor' || m.role === 'admin')) : [];
  const readOnly = !me.can('assignment.manage');
  const save = async () => {
    if (!rules) return;
    setSaving(true);
    const done = await attempt(
      () => adminRequest<AssignmentRules>(DESK_PATHS.assignment, { method: 'PUT', body: { lists: rules } }),
      (message) => toast.show(message, 'error'),
      'Could not save the rules. Please try again.',
    );
    setSaving(false);
    if (done) {
      setRules(done.lists as Rules);
      toast.show('Assignment rules saved', 'success');
    }
  };
  return (
    <section aria-labelledby="console-title" className="console-assignment">
      <Meta title="Assignment | Admin" description="How new leads are assigned." robots="noindex" />
      <h1 id="console-title">Assignment</h1>
      <p className="muted">Each new lead that is not spam goes to the next active member in turn, on every server alike.</p>
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {rules && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {LIST_SLUGS.map((slug) => (
            <ListRule
              key={slug}
              slug={slug}
              rule={rules[slug]}
              members={members}
              readOnly={readOnly}
              onChange={(rule) => setRules({ ...rules, [slug]: rule })}
            />
          ))}
          {!readOnly && (
            <button type="submit" className="btn" disabled={saving}>
              {saving ? 'Saving…' : 'Save rules'}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
