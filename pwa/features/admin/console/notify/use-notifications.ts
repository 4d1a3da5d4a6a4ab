// The member's notifications for the bell: read once, again whenever the live feed says a
// new one was written for them ('notified'), and when the feed reconnects (it may have
// missed some); marking read answers with the list as it now is.
import { useCallback, useEffect } from 'react';
import { NOTIFY_PATHS, type NotificationsResponse } from '../../../../../contract/notifications.ts';
import { useLeadEvents } from '../common/lead-events.tsx';
import { adminRequest } from '../common/request.ts';
import { useAdminData, type Loaded } from '../common/use-admin-data.ts';

export interface Notifications {
  loaded: Loaded<NotificationsResponse>;
  reload: () => void;
  /** Marks the ids read (all of them without ids); rejects when the server could not. */
  markRead: (ids?: string[]) => Promise<void>;
}

export function useNotifications(): Notifications {
  const [loaded, reload, replace] = useAdminData<NotificationsResponse>(NOTIFY_PATHS.notifications, 'Could not load your notifications');
  const { subscribe } = useLeadEvents();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribe((event) => {
      if (event.type !== 'notified' && !(event.type === 'updated' && event.count === 0)) return;
      // Several at once (a bulk assignment) read once.
      window.clearTimeout(timer);
      timer = window.setTimeout(reload, 150);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [subscribe, reload]);
  const markRead = useCallback(
    async (ids?: string[]) => {
      const { data } = await adminRequest<NotificationsResponse>(`${NOTIFY_PATHS.notifications}/read`, {
        method: 'POST',
        body: ids ? { ids } : {},
      });
      replace(data);
    },
    [replace],
  );
  return { loaded, reload, markRead };
}
