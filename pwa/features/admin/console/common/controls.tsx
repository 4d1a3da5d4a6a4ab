// Small pieces the list and the detail panel share.
import type { ReactNode } from 'react';
import { LEAD_STATUSES, type LeadStatus } from '../../../../../contract/lead-kinds.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { formatCount, statusLabel } from './format.ts';

/** A person's name as the list shows it. */
export function leadName(item: Record<string, unknown>): string {
  if (typeof item.name === 'string') return item.name;
  return [item.firstName, item.lastName].filter((p) => typeof p === 'string').join(' ');
}

export function StatusSelect({
  value,
  label,
  onChange,
  disabled,
}: {
  value: LeadStatus;
  label: string;
  onChange: (s: LeadStatus) => void;
  disabled?: boolean;
}) {
  return (
    <select
      className={`status-select status-select--${value}`}
      value={value}
      aria-label={label}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as LeadStatus)}
    >
      {LEAD_STATUSES.map((s) => (
        <option key={s} value={s}>
          {statusLabel(s)}
        </option>
      ))}
    </select>
  );
}

/**
 * Asks before deleting something that cannot be brought back. Opens over the page (or the
 * lead's panel) with Cancel focused first, so Enter alone never deletes.
 */
export function ConfirmDelete({
  title,
  children,
  onConfirm,
  onCancel,
  busy,
}: {
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  return (
    <Modal open onClose={onCancel} title={title} className="console-confirm" closeLabel="Cancel">
      {children}
      <div className="console-confirm__actions">
        {/* A destructive confirmation opens on its safe choice. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <button type="button" className="btn btn--outline btn--small" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn btn--danger btn--small" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}

/** Asks before erasing: an erased lead cannot be brought back. */
export function ConfirmErase({
  count,
  onConfirm,
  onCancel,
  busy,
}: {
  count: number;
  onConfirm: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const what = count === 1 ? 'this lead' : `these ${formatCount(count)} leads`;
  return (
    <ConfirmDelete
      title={count === 1 ? 'Delete this lead?' : `Delete ${formatCount(count)} leads?`}
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      <p>
        This erases {what} with their notes and history, for good. The erasure log keeps only that it happened: who, which list, how many,
        when.
      </p>
    </ConfirmDelete>
  );
}

/** A load that failed, said where the data would be, with a way to try again. */
export function ErrorNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="console-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
