// The bell: the member's notifications (a lead given to them, a next action due, a booking
// paid, a rule's notice) for every browser, pushed or not. A button that says how many are
// unread opens a panel listing the latest, newest first; each opens its lead and is marked
// read. Escape or the button closes it (the focus back on the button). A count that grows is
// read out by screen readers. "Notify me on this device" sits at the panel's top.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationItem } from '../../../../../contract/notifications.ts';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { formatCount, formatDateTime } from '../common/format.ts';
import { DevicePush } from './DevicePush.tsx';
import { useNotifications, type Notifications } from './use-notifications.ts';

function useDisclosure() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return { open, setOpen, button, panel };
}

function Item({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  return (
    <li className={item.read ? 'bell__item' : 'bell__item is-unread'}>
      <Link to={item.url} onClick={() => onOpen(item)}>
        <strong>{item.title}</strong>
        {!item.read && <span className="visually-hidden"> (unread)</span>}
        <span className="bell__body">{item.body}</span>
        <span className="bell__time">{formatDateTime(item.createdAt)}</span>
      </Link>
    </li>
  );
}

function Panel({ id, notifications, onOpen }: { id: string; notifications: Notifications; onOpen: (item: NotificationItem) => void }) {
  const toast = useToast();
  const { loaded, reload, markRead } = notifications;
  const data = loaded.state === 'error' ? undefined : loaded.data;
  const readAll = () => markRead().catch(() => toast.show('Could not mark them read. Please try again.', 'error'));
  return (
    <>
      <div className="bell__head">
        <h2 id={`${id}-title`}>Notifications</h2>
        {data && data.unread > 0 && (
          <button type="button" className="link-btn" onClick={() => void readAll()}>
            Mark all read
          </button>
        )}
      </div>
      <DevicePush />
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {loaded.state === 'loading' && !data && <p className="muted">Loading…</p>}
      {data && data.notifications.length === 0 && (
        <p className="muted">Nothing yet. Leads given to you, due follow-ups and payments appear here.</p>
      )}
      {data && data.notifications.length > 0 && (
        <ul className="bell__list" aria-labelledby={`${id}-title`}>
          {data.notifications.map((n) => (
            <Item key={n._id} item={n} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </>
  );
}

export function Bell() {
  const id = useId();
  const notifications = useNotifications();
  const { open, setOpen, button, panel } = useDisclosure();
  const { loaded, markRead } = notifications;
  const unread = loaded.state === 'error' ? 0 : (loaded.data?.unread ?? 0);
  const onOpen = (item: NotificationItem) => {
    setOpen(false);
    if (!item.read) void markRead([item._id]).catch(() => undefined);
  };
  return (
    <div className="bell">
      <button
        ref={button}
        type="button"
        className="bell__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        data-testid="bell"
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" className="bell__icon" viewBox="0 0 24 24" width="22" height="22">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        <span className="visually-hidden">Notifications</span>
        {unread > 0 && (
          <span className="bell__count" data-testid="bell-count">
            {formatCount(unread)}
            <span className="visually-hidden"> unread</span>
          </span>
        )}
      </button>
      <p className="visually-hidden" role="status">
        {unread > 0 ? `${formatCount(unread)} unread notification${unread === 1 ? '' : 's'}` : ''}
      </p>
      <div ref={panel} id={`${id}-panel`} className="bell__panel" role="region" aria-labelledby={`${id}-title`} hidden={!open}>
        {open && <Panel id={id} notifications={notifications} onOpen={onOpen} />}
      </div>
    </div>
  );
}
