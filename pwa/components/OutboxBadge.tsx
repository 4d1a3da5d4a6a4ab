// Header badge: how many submissions wait on this device. Hidden when none do.
import { Link } from 'react-router-dom';
import { useOutbox } from '../lib/outbox/useOutbox.ts';

export function OutboxBadge() {
  const { pending } = useOutbox();
  if (!pending) return null;
  const label = `${pending} ${pending === 1 ? 'submission waits' : 'submissions wait'} to be sent`;
  return (
    <Link to="/outbox" className="outbox-badge" aria-label={label} title={label} data-testid="outbox-badge">
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 4h16v12H4z" />
        <path d="M4 16l4 4h8l4-4" />
      </svg>
      <span>{pending}</span>
    </Link>
  );
}
