// The rule editor: its name, its trigger (event, lists, minutes, the status for a status
// change), its conditions and its actions in order; checked with the same schema as the
// server before it is sent; a preview says how many of the last 100 leads it would have
// matched before it is saved.
import { useState } from 'react';
import { ValidationError } from 'yup';
import type { TeamMember } from '../../../../../contract/team.ts';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, LIST_SLUGS, listOf, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import {
  CONDITION_FIELD_LABELS,
  CONDITION_FIELDS,
  CONDITION_OP_LABELS,
  CONDITION_OPS,
  RULE_EVENT_LABELS,
  RULE_EVENTS,
  RULE_LIMITS,
  ruleSchema,
  TIMED_EVENTS,
  type RuleCondition,
  type RuleInput,
  type RulePreview,
} from '../../../../../contract/rules.ts';
import { adminRequest } from '../common/request.ts';
import { attempt } from '../common/use-admin-data.ts';
import { ActionFields, newAction } from './ActionFields.tsx';

export const EMPTY_RULE: RuleInput = {
  name: '',
  enabled: true,
  trigger: { event: 'lead.created' },
  conditions: [],
  actions: [{ type: 'tag', tag: 'new' }],
};

/** The schema's first complaint, or undefined when the rule is fine. */
export function problemOf(rule: RuleInput): string | undefined {
  try {
    ruleSchema.validateSync(rule, { abortEarly: true });
    return undefined;
  } catch (err) {
    return err instanceof ValidationError ? err.message : 'This rule cannot be saved';
  }
}

function ConditionRow({ i, c, set, remove }: { i: number; c: RuleCondition; set: (c: RuleCondition) => void; remove: () => void }) {
  const text = Array.isArray(c.value) ? c.value.join(', ') : String(c.value);
  const setValue = (raw: string) =>
    set({
      ...c,
      value:
        c.op === 'in'
          ? raw
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean)
          : c.op === 'gte' || c.op === 'lte'
            ? Number(raw)
            : raw,
    });
  return (
    <li className="rule-row">
      <label htmlFor={`c${i}-field`}>
        Field
        <select id={`c${i}-field`} value={c.field} onChange={(e) => set({ ...c, field: e.target.value as RuleCondition['field'] })}>
          {CONDITION_FIELDS.map((f) => (
            <option key={f} value={f}>
              {CONDITION_FIELD_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`c${i}-op`}>
        Test
        <select
          id={`c${i}-op`}
          value={c.op}
          onChange={(e) => set({ ...c, op: e.target.value as RuleCondition['op'], value: e.target.value === 'in' ? [text] : text })}
        >
          {CONDITION_OPS.map((o) => (
            <option key={o} value={o}>
              {CONDITION_OP_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`c${i}-value`}>
        Value{c.op === 'in' ? ' (comma separated)' : ''}
        <input
          id={`c${i}-value`}
          value={text}
          inputMode={c.op === 'gte' || c.op === 'lte' ? 'numeric' : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <button type="button" className="btn btn--quiet" onClick={remove} aria-label={`Remove condition ${i + 1}`}>
        Remove
      </button>
    </li>
  );
}

function TriggerFields({ rule, set }: { rule: RuleInput; set: (r: RuleInput) => void }) {
  const t = rule.trigger;
  const lists = t.lists ?? [];
  const toggle = (slug: ListSlug, on: boolean) =>
    set({ ...rule, trigger: { ...t, lists: on ? [...lists, slug] : lists.filter((l) => l !== slug) } });
  return (
    <fieldset className="rule-section">
      <legend>When</legend>
      <label htmlFor="rule-event">
        Event
        <select
          id="rule-event"
          value={t.event}
          onChange={(e) => set({ ...rule, trigger: { ...t, event: e.target.value as typeof t.event } })}
        >
          {RULE_EVENTS.map((ev) => (
            <option key={ev} value={ev}>
              {RULE_EVENT_LABELS[ev]}
            </option>
          ))}
        </select>
      </label>
      {TIMED_EVENTS.includes(t.event) && (
        <label htmlFor="rule-minutes">
          After (minutes{t.event === 'lead.uncontacted' ? ', working hours' : ''})
          <input
            id="rule-minutes"
            type="number"
            min={1}
            max={RULE_LIMITS.minutes}
            value={t.minutes ?? ''}
            onChange={(e) => set({ ...rule, trigger: { ...t, minutes: e.target.value === '' ? undefined : Number(e.target.value) } })}
          />
        </label>
      )}
      {t.event === 'lead.status' && (
        <label htmlFor="rule-status">
          To status
          <select
            id="rule-status"
            value={t.status ?? ''}
            onChange={(e) => set({ ...rule, trigger: { ...t, status: (e.target.value || undefined) as typeof t.status } })}
          >
            <option value="">Any</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="rule-lists">
        <legend>Lists (none ticked: every list)</legend>
        {LIST_SLUGS.map((slug) => (
          <label key={slug}>
            <input type="checkbox" checked={lists.includes(slug)} onChange={(e) => toggle(slug, e.target.checked)} /> {listOf(slug).title}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}

export function RuleEditor({
  initial,
  members,
  saving,
  onSave,
  onCancel,
}: {
  initial: RuleInput;
  members: TeamMember[];
  saving: boolean;
  onSave: (r: RuleInput) => void;
  onCancel: () => void;
}) {
  const [rule, setRule] = useState<RuleInput>(initial);
  const [preview, setPreview] = useState<string>('');
  const problem = problemOf(rule);
  const runPreview = async () => {
    setPreview('Looking at the last leads…');
    const result = await attempt(
      () => adminRequest<RulePreview>('/api/admin/rules/preview', { method: 'POST', body: rule }),
      setPreview,
      'Could not preview the rule',
    );
    if (result) setPreview(`Would have matched ${result.matched} of the last ${result.of} leads`);
  };
  const setCondition = (i: number, c?: RuleCondition) =>
    setRule({ ...rule, conditions: c ? rule.conditions.map((x, j) => (j === i ? c : x)) : rule.conditions.filter((_, j) => j !== i) });
  return (
    <form
      className="rule-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) onSave(rule);
      }}
      aria-label="Rule"
    >
      <label htmlFor="rule-name">
        Name
        <input id="rule-name" value={rule.name} maxLength={80} required onChange={(e) => setRule({ ...rule, name: e.target.value })} />
      </label>
      <label className="rule-enabled">
        <input type="checkbox" checked={rule.enabled} onChange={(e) => setRule({ ...rule, enabled: e.target.checked })} /> Enabled
      </label>
      <TriggerFields rule={rule} set={setRule} />
      <fieldset className="rule-section">
        <legend>If (all of these)</legend>
        <ol className="rule-list">
          {rule.conditions.map((c, i) => (
            <ConditionRow key={i} i={i} c={c} set={(x) => setCondition(i, x)} remove={() => setCondition(i)} />
          ))}
        </ol>
        <button
          type="button"
          className="btn btn--quiet"
          onClick={() => setRule({ ...rule, conditions: [...rule.conditions, { field: 'utm_source', op: 'equals', value: '' }] })}
        >
          Add a condition
        </button>
      </fieldset>
      <ActionsSection rule={rule} members={members} set={setRule} />
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <p aria-live="polite" className="rule-preview">
        {preview}
      </p>
      <div className="rule-buttons">
        <button type="button" className="btn btn--quiet" onClick={() => void runPreview()} disabled={Boolean(problem)}>
          Preview
        </button>
        <button type="submit" className="btn" disabled={saving || Boolean(problem)}>
          {saving ? 'Saving…' : 'Save rule'}
        </button>
        <button type="button" className="btn btn--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ActionsSection({ rule, members, set }: { rule: RuleInput; members: TeamMember[]; set: (r: RuleInput) => void }) {
  const setAction = (i: number, a?: RuleInput['actions'][number]) =>
    set({ ...rule, actions: a ? rule.actions.map((x, j) => (j === i ? a : x)) : rule.actions.filter((_, j) => j !== i) });
  return (
    <fieldset className="rule-section">
      <legend>Then (in order)</legend>
      <ol className="rule-list">
        {rule.actions.map((a, i) => (
          <li key={i} className="rule-row">
            <ActionFields id={`a${i}`} action={a} members={members} set={(x) => setAction(i, x)} />
            <button type="button" className="btn btn--quiet" onClick={() => setAction(i)} aria-label={`Remove action ${i + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn--quiet"
        onClick={() => set({ ...rule, actions: [...rule.actions, newAction('notify', members)] })}
      >
        Add an action
      </button>
    </fieldset>
  );
}
