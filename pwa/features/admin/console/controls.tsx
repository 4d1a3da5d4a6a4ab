// Small pieces the list and the detail panel share.
import { LEAD_STATUSES, type LeadStatus } from '../../../../contract/lead-kinds.ts';
import { statusLabel } from './format.ts';

/** A person's name as the list shows it. */
export function leadName(item: Record<string, unknown>): string {
  if (typeof item.name === 'string') return item.name;
  return [item.firstName, item.lastName].filter((p) => typeof p === 'string').join(' ');
}

export function StatusSelect({ value, label, onChange, disabled }: { value: LeadStatus; label: string; onChange: (s: LeadStatus) => void; disabled?: boolean }) {
  return (
    <select className={`status-select status-select--${value}`} value={value} aria-label={label} disabled={disabled} onChange={(e) => onChange(e.target.value as LeadStatus)}>
      {LEAD_STATUSES.map((s) => (
        <option key={s} value={s}>
          {statusLabel(s)}
        </option>
      ))}
    </select>
  );
}

