// /admin/team: the team with each member's role and whether they are active, an invitation
// form (admins), and role changes and deactivation (admins; either ends that member's
// sessions at once). Viewers read it.
import { useId, useState, type FormEvent } from 'react';
import { DESK_PATHS } from '../../../../../contract/desk.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '../../../../../contract/roles.ts';
import type { TeamMember, TeamResponse } from '../../../../../contract/team.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ConsoleTable } from '../common/ConsoleTable.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const toast = useToast();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('counsellor');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    const done = await attempt(
      () => adminRequest<{ message: string }>(DESK_PATHS.team, { method: 'POST', body: { email, name, role } }),
      setError,
      'Could not send the invitation. Please try again.',
    );
    setBusy(false);
    if (done) {
      toast.show(`${done.message} to ${email.trim()}`, 'success');
      setEmail('');
      setName('');
      onInvited();
    }
  };
  return (
    <form className="console-filters team-invite" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="team-invite__title">
        Invite someone
      </h2>
      <div className="console-field console-field--grow">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="console-field console-field--grow">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-role`}>Role</label>
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)} aria-describedby={`${id}-role-help`}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--small" disabled={busy}>
        {busy ? 'Sending…' : 'Send invitation'}
      </button>
      <p id={`${id}-role-help`} className="muted team-invite__help">
        {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}. The link in the email works once, for 48 hours.
      </p>
      {error && (
        <p role="alert" className="form-error team-invite__help">
          {error}
        </p>
      )}
    </form>
  );
}

function MemberRow({ member, self, manage, onChanged }: { member: TeamMember; self: boolean; manage: boolean; onChanged: () => void }) {
  const toast = useToast();
  const change = async (body: { role?: Role; active?: boolean }, said: string) => {
    const done = await attempt(
      () => adminRequest(`${DESK_PATHS.team}/${member.id}`, { method: 'PATCH', body }),
      (message) => toast.show(message, 'error'),
      'Could not change this member. Please try again.',
    );
    if (done) {
      toast.show(said, 'success');
      onChanged();
    }
  };
  /** A new link (the old one spent): mailed again, and, to copy, on this admin's clipboard too. */
  const reinvite = async (copy: boolean) => {
    const done = await attempt(
      () =>
        adminRequest<{ link: string }>(DESK_PATHS.team, {
          method: 'POST',
          body: { email: member.email, name: member.name, role: member.role, again: true },
        }),
      (message) => toast.show(message, 'error'),
      'Could not send the invitation. Please try again.',
    );
    if (!done) return;
    if (copy) {
      const copied = await navigator.clipboard?.writeText(done.link).then(
        () => true,
        () => false,
      );
      toast.show(copied ? `A new link for ${member.email} is copied (the emailed one works too)` : done.link, copied ? 'success' : 'info');
    } else toast.show(`Invitation sent again to ${member.email}`, 'success');
  };
  const invited = member.active && !member.joined;
  return (
    <tr className={member.active ? undefined : 'is-inactive'}>
      <th scope="row">
        {member.name}
        {self ? <span className="muted"> (you)</span> : null}
      </th>
      <td>{member.email}</td>
      <td>
        {manage && !self ? (
          <select
            aria-label={`Role of ${member.name}`}
            value={member.role}
            onChange={(e) => void change({ role: e.target.value as Role }, `${member.name} is now ${ROLE_LABELS[e.target.value as Role]}`)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        ) : (
          ROLE_LABELS[member.role]
        )}
      </td>
      <td>{!member.active ? 'Deactivated' : member.joined ? 'Active' : 'Invited, not joined yet'}</td>
      <td>
        {manage && invited && (
          <span className="team-invite__again">
            <button type="button" className="link-btn" onClick={() => void reinvite(false)}>
              Resend<span className="visually-hidden"> the invitation to {member.email}</span>
            </button>
            <button type="button" className="link-btn" onClick={() => void reinvite(true)}>
              Copy link<span className="visually-hidden"> of the invitation to {member.email}</span>
            </button>
          </span>
        )}
        {manage && !self && (
          <button
            type="button"
            className={member.active ? 'btn btn--danger btn--small' : 'btn btn--outline btn--small'}
            onClick={() =>
              void change({ active: !member.active }, member.active ? `${member.name} is deactivated` : `${member.name} is active again`)
            }
          >
            {member.active ? 'Deactivate' : 'Reactivate'}
          </button>
        )}
      </td>
    </tr>
  );
}

const TEAM_HEADERS = ['Name', 'Email', 'Role', 'State', <span className="visually-hidden">Actions</span>];

export default function TeamPage() {
  const me = useMember();
  const [loaded, reload] = useAdminData<TeamResponse>(DESK_PATHS.team, 'Could not load the team');
  const manage = me.can('team.manage');
  const members = loaded.state === 'error' ? [] : (loaded.data?.data ?? []);
  return (
    <section aria-labelledby="console-title" className="console-team">
      <Meta title="Team | Admin" description="The SkillUp team and their roles." robots="noindex" />
      <h1 id="console-title">Team</h1>
      {manage && <InviteForm onInvited={reload} />}
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {members.length > 0 && (
        <ConsoleTable headers={TEAM_HEADERS} caption="Team members, active first">
          {members.map((m) => (
            <MemberRow key={m.id} member={m} self={m.id === me.id} manage={manage} onChanged={reload} />
          ))}
        </ConsoleTable>
      )}
      <p className="muted">
        Changing someone&apos;s role or deactivating them ends their sessions at once. Their leads stay theirs: reassign them from a list
        (filter by owner, select, Assign).
      </p>
    </section>
  );
}
