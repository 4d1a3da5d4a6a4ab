// Header badge: how many submissions wait on this device. Hidden when none do.
import { Link } from '../i18n/links.tsx';
import { fill, useChrome } from '../i18n/LangContext.tsx';
import { useOutbox } from '../lib/outbox/useOutbox.ts';

export function OutboxBadge() {
  const { pending } = useOutbox();
  const t = useChrome();
  if (!pending) return null;
  const label = fill(pending === 1 ? t.outboxWaitsOne : t.outboxWaitsMany, { n: pending });
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
