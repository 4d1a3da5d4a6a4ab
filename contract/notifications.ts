// What the console and the API agree on about a member's notifications (the bell) and the
// browsers that are pushed them (Web Push: RFC 8030, 8291, 8292).

export const NOTIFY_PATHS = {
  /** GET → { notifications, unread }; POST `/read` { ids? } marks them (or every one) read. */
  notifications: '/api/admin/notifications',
  /** GET `/key` → { publicKey }; POST/DELETE `/subscriptions`. */
  push: '/api/admin/push',
} as const;

export const NOTIFICATION_KINDS = ['assigned', 'due', 'escalation', 'paid', 'rule'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The bell shows this many of a member's latest notifications. */
export const NOTIFICATIONS_PAGE = 50;

export interface NotificationItem {
  _id: string;
  kind: NotificationKind;
  list: string;
  leadId: string;
  title: string;
  body: string;
  /** Where tapping it goes: the lead, open in its list. */
  url: string;
  createdAt: string;
  read: boolean;
}
export interface NotificationsResponse {
  notifications: NotificationItem[];
  unread: number;
}

/** A browser's PushSubscription as JSON (its toJSON()). */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a push carries, encrypted to the browser: no email, no phone. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** One notification per lead and kind on the device: a newer one replaces it. */
  tag: string;
}

/** The console's address of a lead: its list, with its detail open. */
export function consoleLeadUrl(list: string, leadId: string): string {
  return `/admin/${encodeURIComponent(list)}?open=${encodeURIComponent(leadId)}`;
}

export const NOTIFY_MESSAGES = {
  endpointInvalid: 'The subscription endpoint must be an https address of a push service',
  endpointHost: "The subscription endpoint is not on a known push service's host",
  keysInvalid: 'The subscription keys must be { p256dh, auth } as the browser gives them',
  idsInvalid: 'ids must be a list of notification ids',
} as const;
