// /admin/rules: the rules that act on their own — each with its trigger, whether it is on,
// how often it fired and its failures (a firing retried or given up, with Retry), and an
// editor for a new or changed rule. Admins only (the server says 403 to anyone else).
import { useState } from 'react';
import { DESK_PATHS } from '../../../../../contract/desk.ts';
import type { TeamResponse } from '../../../../../contract/team.ts';
import { RULE_EVENT_LABELS, RULES_PATH, type Rule, type RuleInput, type RulesResponse } from '../../../../../contract/rules.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { formatDateTime } from '../common/format.ts';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';
import { EMPTY_RULE, RuleEditor } from './RuleEditor.tsx';
import './rules.css';

function Failures({ rule, onRetry }: { rule: Rule; onRetry: (jobId: string) => void }) {
  if (rule.failures.length === 0) return null;
  return (
    <details className="rule-failures" open>
      <summary>
        {rule.failures.length} {rule.failures.length === 1 ? 'failure' : 'failures'}
      </summary>
      <ul>
        {rule.failures.map((f) => (
          <li key={f.jobId}>
            <a href={`/admin/${f.list}?open=${f.leadId}`}>A lead in {f.list}</a>: {f.error}{' '}
            <span className="muted">
              ({f.failed ? `given up after ${f.attempts} attempts` : `attempt ${f.attempts}, will retry`}, {formatDateTime(f.at)})
            </span>{' '}
            {f.failed && (
              <button type="button" className="btn btn--quiet" onClick={() => onRetry(f.jobId)}>
                Retry
              </button>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function RuleItem({
  rule,
  onToggle,
  onEdit,
  onDelete,
  onRetry,
}: {
  rule: Rule;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRetry: (id: string) => void;
}) {
  const t = rule.trigger;
  return (
    <li className={`rule-card${rule.enabled ? '' : ' rule-card--off'}`}>
      <div className="rule-card__head">
        <h2>{rule.name}</h2>
        <label className="rule-enabled">
          <input type="checkbox" checked={rule.enabled} onChange={onToggle} /> {rule.enabled ? 'On' : 'Off'}
          <span className="visually-hidden"> ({rule.name})</span>
        </label>
      </div>
      <p>
        {RULE_EVENT_LABELS[t.event]}
        {t.minutes ? ` · ${t.minutes} min` : ''}
        {t.status ? ` · to ${t.status}` : ''}
        {t.lists?.length ? ` · ${t.lists.join(', ')}` : ' · every list'}
      </p>
      <p className="muted">
        {rule.conditions.length} {rule.conditions.length === 1 ? 'condition' : 'conditions'} · {rule.actions.map((a) => a.type).join(' → ')}{' '}
        · fired {rule.fired} {rule.fired === 1 ? 'time' : 'times'}
      </p>
      <Failures rule={rule} onRetry={onRetry} />
      <div className="rule-buttons">
        <button type="button" className="btn btn--quiet" onClick={onEdit}>
          Edit<span className="visually-hidden"> {rule.name}</span>
        </button>
        <button type="button" className="btn btn--quiet" onClick={onDelete}>
          Delete<span className="visually-hidden"> {rule.name}</span>
        </button>
      </div>
    </li>
  );
}

export default function RulesPage() {
  const toast = useToast();
  const [loaded, reload] = useAdminData<RulesResponse>(RULES_PATH, 'Could not load the rules');
  const [team] = useAdminData<TeamResponse>(DESK_PATHS.team, 'Could not load the team');
  const [editing, setEditing] = useState<{ id?: string; rule: RuleInput } | undefined>();
  const [saving, setSaving] = useState(false);
  const members =
    team.state === 'ready' ? team.data.data.filter((m) => m.active && m.joined && (m.role === 'counsellor' || m.role === 'admin')) : [];
  const fail = (m: string) => toast.show(m, 'error');
  const change = async (path: string, method: 'POST' | 'PATCH' | 'DELETE', body: unknown, done: string) => {
    const ok = await attempt(() => adminRequest<unknown>(path, { method, body }), fail, 'Could not save. Please try again.');
    if (ok !== undefined) toast.show(done, 'success');
    reload();
    return ok !== undefined;
  };
  const save = async (rule: RuleInput) => {
    setSaving(true);
    const ok = await change(editing?.id ? `${RULES_PATH}/${editing.id}` : RULES_PATH, editing?.id ? 'PATCH' : 'POST', rule, 'Rule saved');
    setSaving(false);
    if (ok) setEditing(undefined);
  };
  const rules = loaded.state === 'error' ? undefined : loaded.data?.data;
  return (
    <section aria-labelledby="console-title" className="console-rules">
      <Meta title="Rules | Admin" description="Rules that act on their own." robots="noindex" />
      <h1 id="console-title">Rules</h1>
      <p className="muted">
        When something happens to a lead, and it matches, these act on their own, once per lead, in the order shown. Each firing is written
        in the lead’s timeline.
      </p>
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {loaded.state === 'loading' && !rules && <p aria-live="polite">Loading the rules…</p>}
      {editing ? (
        <RuleEditor
          initial={editing.rule}
          members={members}
          saving={saving}
          onSave={(r) => void save(r)}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <button type="button" className="btn" onClick={() => setEditing({ rule: EMPTY_RULE })}>
          New rule
        </button>
      )}
      {rules && rules.length === 0 && <p>No rules yet.</p>}
      <ul className="rule-cards">
        {rules?.map((r) => (
          <RuleItem
            key={r._id}
            rule={r}
            onToggle={() =>
              void change(`${RULES_PATH}/${r._id}`, 'PATCH', { enabled: !r.enabled }, r.enabled ? 'Rule turned off' : 'Rule turned on')
            }
            onEdit={() =>
              setEditing({
                id: r._id,
                rule: { name: r.name, enabled: r.enabled, trigger: r.trigger, conditions: r.conditions, actions: r.actions },
              })
            }
            onDelete={() => {
              if (window.confirm(`Delete the rule "${r.name}"?`))
                void change(`${RULES_PATH}/${r._id}`, 'DELETE', undefined, 'Rule deleted');
            }}
            onRetry={(job) => void change(`${RULES_PATH}/failures/${job}/retry`, 'POST', {}, 'Trying again')}
          />
        ))}
      </ul>
    </section>
  );
}
