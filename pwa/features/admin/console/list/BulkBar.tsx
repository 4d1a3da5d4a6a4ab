// What can be done to the selected leads, as the member's role allows: set their status,
// assign them to a member or the pool (admins), export them (admins), delete them after a
// confirmation (admins).
import { useState, type FormEvent } from 'react';
import { BULK_MAX, CONSOLE_PATHS } from '../../../../../contract/console.ts';
import { DESK_PATHS, type TeamResponse } from '../../../../../contract/desk.ts';
import type { LeadStatus, ListSlug } from '../../../../../contract/lead-kinds.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { ConfirmErase, StatusSelect } from '../common/controls.tsx';
import type { ListFilters } from './filters.ts';
import { downloadCsv } from './csv.ts';
import { formatCount, statusLabel } from '../common/format.ts';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

const leads = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;

function AssignControl({ slug, ids, onDone }: { slug: ListSlug; ids: string[]; onDone: () => void }) {
  const toast = useToast();
  const [team] = useAdminData<TeamResponse>(DESK_PATHS.team, 'Could not load the team');
  const [to, setTo] = useState('');
  const members =
    team.state === 'ready' ? team.data.data.filter((m) => m.active && m.joined && (m.role === 'admin' || m.role === 'counsellor')) : [];
  const assign = async () => {
    const assignee = to === 'none' ? null : to;
    const done = await attempt(
      () =>
        adminRequest<{ assigned: string[] }>(`${CONSOLE_PATHS.leads}/${slug}/assign`, {
          method: 'POST',
          body: { ids: ids.slice(0, BULK_MAX), assignee },
        }),
      (message) => toast.show(message, 'error'),
      'Could not assign the leads. Please try again.',
    );
    if (done) {
      const name = assignee ? members.find((m) => m.id === assignee)?.name : undefined;
      toast.show(`${leads(done.assigned.length)} ${name ? `assigned to ${name}` : 'moved to the pool'}`, 'success');
      onDone();
    }
  };
  return (
    <>
      <select aria-label="Assign the selected leads to" value={to} onChange={(e) => setTo(e.target.value)}>
        <option value="">Assign to…</option>
        <option value="none">No one (the pool)</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn--small" disabled={to === ''} onClick={() => void assign()}>
        Assign
      </button>
    </>
  );
}

function ExportSelected({ slug, filters, ids }: { slug: ListSlug; filters: ListFilters; ids: string[] }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(slug, filters, ids);
    } catch {
      toast.show('Could not export the selected leads. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--outline btn--small" onClick={() => void run()} disabled={busy}>
      {busy ? 'Exporting…' : 'Export selected'}
    </button>
  );
}

export function BulkBar({
  slug,
  filters,
  selected,
  onDone,
  onClear,
}: {
  slug: ListSlug;
  filters: ListFilters;
  selected: Set<string>;
  onDone: () => void;
  onClear: () => void;
}) {
  const toast = useToast();
  const member = useMember();
  const [status, setStatus] = useState<LeadStatus>('contacted');
  const [busy, setBusy] = useState(false);
  const [confirmErase, setConfirmErase] = useState(false);
  const ids = [...selected].slice(0, BULK_MAX);
  const applyStatus = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const done = await attempt(
      () => adminRequest<{ updated: string[] }>(`${CONSOLE_PATHS.leads}/${slug}/status`, { method: 'POST', body: { ids, status } }),
      (message) => toast.show(message, 'error'),
      'Could not change the statuses. Please try again.',
    );
    setBusy(false);
    if (done) {
      toast.show(`${leads(done.updated.length)} set to ${statusLabel(status)}`, 'success');
      onDone();
    }
  };
  const erase = async () => {
    setBusy(true);
    const done = await attempt(
      () => adminRequest<{ erased: string[] }>(`${CONSOLE_PATHS.leads}/${slug}/erase`, { method: 'POST', body: { ids } }),
      (message) => toast.show(message, 'error'),
      'Could not delete the leads. Please try again.',
    );
    setBusy(false);
    setConfirmErase(false);
    if (done) {
      toast.show(`${leads(done.erased.length)} deleted`, 'success');
      onDone();
    }
  };
  return (
    <>
      <form className="console-bulk" onSubmit={(e) => void applyStatus(e)} aria-label="Change the status of the selected leads">
        <span role="status">{formatCount(selected.size)} selected</span>
        {member.can('leads.work') && (
          <>
            <StatusSelect value={status} label="New status for the selected leads" onChange={setStatus} />
            <button type="submit" className="btn btn--small" disabled={busy}>
              Set status
            </button>
          </>
        )}
        {member.can('leads.assign') && <AssignControl slug={slug} ids={ids} onDone={() => onDone()} />}
        {member.can('leads.export') && <ExportSelected slug={slug} filters={filters} ids={ids} />}
        {member.can('leads.erase') && (
          <button type="button" className="btn btn--danger btn--small" onClick={() => setConfirmErase(true)} disabled={busy}>
            Delete selected
          </button>
        )}
        <button type="button" className="link-btn" onClick={onClear}>
          Clear selection
        </button>
      </form>
      {confirmErase && (
        <ConfirmErase count={selected.size} busy={busy} onCancel={() => setConfirmErase(false)} onConfirm={() => void erase()} />
      )}
    </>
  );
}
