// Logging what happened with a lead: a call, a WhatsApp message, an email or a meeting, with
// its outcome and a note, and then the next step — asked for every time unless the outcome
// closes the lead (enrolled, not interested) or the member says there is none; it is suggested
// for this time tomorrow, moved to the desk's next working slot when that falls outside its hours. The server
// records who and when, moves the status, and makes the first one the lead's first contact.
import { useId, useState, type FormEvent } from 'react';
import type { LeadDetail } from '../../../../../contract/lead-detail.ts';
import {
  ACTION_LABELS,
  ACTION_NOUNS,
  ACTION_TYPES,
  OUTCOME_LABELS,
  OUTCOMES,
  type ActionType,
  type Outcome,
} from '../../../../../contract/activities.ts';
import { DESK_LIMITS } from '../../../../../contract/desk.ts';
import { fromIstInput } from '../common/format.ts';
import { useMember } from '../common/member.tsx';
import { emptyNextAction, NextActionFields, type NextActionDraft } from './NextActionFields.tsx';

export interface ActivityBody {
  type: ActionType;
  outcome?: Outcome;
  note?: string;
  nextAction?: { type: ActionType; dueAt: string; note?: string } | null;
}

const CLOSING: ReadonlySet<Outcome> = new Set(['enrolled', 'not-interested']);

export function ActivityForm({
  type,
  onSave,
  onCancel,
  label,
}: {
  type: ActionType;
  onSave: (body: ActivityBody) => Promise<boolean>;
  onCancel: () => void;
  /** The form's name for assistive technology (default: "Log a Call"). */
  label?: string;
}) {
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [note, setNote] = useState('');
  const [plan, setPlan] = useState<'next' | 'none'>('next');
  const { workingHours } = useMember();
  const [next, setNext] = useState<NextActionDraft>(() => emptyNextAction(workingHours));
  const [saving, setSaving] = useState(false);
  const closes = outcome !== '' && CLOSING.has(outcome);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const body: ActivityBody = {
      type,
      ...(outcome ? { outcome } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(closes
        ? {}
        : {
            nextAction:
              plan === 'none'
                ? null
                : { type: next.type, dueAt: fromIstInput(next.at), ...(next.note.trim() ? { note: next.note.trim() } : {}) },
          }),
    };
    const saved = await onSave(body);
    setSaving(false);
    if (saved) onCancel();
  };
  return (
    <form className="activity-form" onSubmit={(e) => void submit(e)} aria-label={label ?? `Log a ${ACTION_LABELS[type]}`}>
      <fieldset className="activity-form__outcomes">
        <legend>Outcome</legend>
        {OUTCOMES.map((o) => (
          <label key={o} className="chip-option">
            <input type="radio" name={`${id}-outcome`} value={o} checked={outcome === o} required onChange={() => setOutcome(o)} />
            {OUTCOME_LABELS[o]}
          </label>
        ))}
      </fieldset>
      <div className="console-field console-field--grow">
        <label htmlFor={`${id}-note`}>What was said (optional)</label>
        <textarea id={`${id}-note`} rows={2} maxLength={DESK_LIMITS.note} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {closes ? (
        <p className="muted">
          {outcome === 'enrolled' ? 'The lead becomes Converted' : 'The lead becomes Not interested'}: no next step is needed.
        </p>
      ) : (
        <fieldset className="activity-form__next">
          <legend>And then?</legend>
          <label className="chip-option">
            <input type="radio" name={`${id}-plan`} checked={plan === 'next'} onChange={() => setPlan('next')} /> Plan the next step
          </label>
          <label className="chip-option">
            <input type="radio" name={`${id}-plan`} checked={plan === 'none'} onChange={() => setPlan('none')} /> No next step
          </label>
          {plan === 'next' && <NextActionFields value={next} onChange={setNext} />}
        </fieldset>
      )}
      <div className="activity-form__actions">
        <button type="submit" className="btn btn--small" disabled={saving}>
          {saving ? 'Saving…' : `Save ${ACTION_NOUNS[type]}`}
        </button>
        <button type="button" className="link-btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function ActivityLogger({
  onLog,
  initial,
}: {
  onLog: (body: ActivityBody) => Promise<LeadDetail | undefined>;
  /** Opened on this type (after a call or a WhatsApp message was started from the panel). */
  initial?: ActionType;
}) {
  const [type, setType] = useState<ActionType | undefined>(initial);
  return (
    <section className="activity-logger" aria-labelledby="activity-logger-title">
      <h3 id="activity-logger-title">Log an activity</h3>
      {type === undefined ? (
        <div className="activity-logger__types">
          {ACTION_TYPES.map((t) => (
            <button key={t} type="button" className="btn btn--outline btn--small" onClick={() => setType(t)}>
              {ACTION_LABELS[t]}
            </button>
          ))}
        </div>
      ) : (
        <ActivityForm type={type} onSave={async (body) => (await onLog(body)) !== undefined} onCancel={() => setType(undefined)} />
      )}
    </section>
  );
}
