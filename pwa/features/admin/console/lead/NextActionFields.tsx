// The next step's fields, shared by the activity logger and the next-action editor: what
// (call, WhatsApp, email, meeting), when (India time, with quick picks) and an optional note.
import { useId } from 'react';
import { ACTION_LABELS, ACTION_TYPES, type ActionType } from '../../../../../contract/activities.ts';
import { DESK_LIMITS } from '../../../../../contract/desk.ts';
import { nextWorkingSlot, type DeskHours } from '../../../../../contract/working-hours.ts';
import { istInputValue } from '../common/format.ts';

export interface NextActionDraft {
  type: ActionType;
  /** datetime-local value, India time. */
  at: string;
  note: string;
}

/** Quick picks: in an hour, this evening, tomorrow 10:00, in two days 10:00 (India time). */
function quickPicks(now: Date): Array<{ label: string; at: string }> {
  const inHour = istInputValue(new Date(now.getTime() + 3_600_000));
  const today = istInputValue(now).slice(0, 10);
  const day = (n: number) => istInputValue(new Date(Date.parse(`${today}T10:00:00+05:30`) + n * 86_400_000));
  const evening = `${today}T17:00`;
  return [
    { label: 'In 1 hour', at: inHour },
    ...(evening > istInputValue(now) ? [{ label: 'This evening', at: evening }] : []),
    { label: 'Tomorrow 10:00', at: day(1) },
    { label: 'In 2 days', at: day(2) },
  ];
}

/** A new next step: a call this time tomorrow, or the desk's next working slot after it (never 07:26). */
export function emptyNextAction(hours: DeskHours, now = new Date()): NextActionDraft {
  return { type: 'call', at: istInputValue(nextWorkingSlot(new Date(now.getTime() + 24 * 3_600_000), hours)), note: '' };
}

export function NextActionFields({ value, onChange }: { value: NextActionDraft; onChange: (v: NextActionDraft) => void }) {
  const id = useId();
  return (
    <div className="next-action-fields">
      <div className="console-field">
        <label htmlFor={`${id}-type`}>Next step</label>
        <select id={`${id}-type`} value={value.type} onChange={(e) => onChange({ ...value, type: e.target.value as ActionType })}>
          {ACTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {ACTION_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-at`}>When (India time)</label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          required
          value={value.at}
          onChange={(e) => onChange({ ...value, at: e.target.value })}
        />
      </div>
      <div className="next-action-fields__picks" role="group" aria-label="Quick picks">
        {quickPicks(new Date()).map((p) => (
          <button
            key={p.label}
            type="button"
            className="chip"
            aria-pressed={value.at === p.at}
            onClick={() => onChange({ ...value, at: p.at })}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="console-field console-field--grow">
        <label htmlFor={`${id}-note`}>Note for then (optional)</label>
        <input
          id={`${id}-note`}
          maxLength={DESK_LIMITS.note}
          value={value.note}
          onChange={(e) => onChange({ ...value, note: e.target.value })}
        />
      </div>
    </div>
  );
}
