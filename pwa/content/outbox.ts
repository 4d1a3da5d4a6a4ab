// The Outbox page's words; content/hi/outbox.ts gives them in Hindi. An item's own label is
// the words its form queued it with; the server's and the rules' messages are localised by
// the contract's tables (contract/messages-hi.ts).
import { DIRECT_ONLY_MESSAGE } from '../lib/submit.ts';

export interface OutboxWords {
  title: string;
  description: string;
  heading: string;
  lead: string;
  /** {n}: how many are not yet sent. */
  waitingCount: string;
  nothingWaiting: string;
  directOnly: string;
  notPersisted: string;
  empty: string;
  waiting: string;
  sending: string;
  sent: string;
  attention: string;
  /** {when} in each of the next four: a date and time in dateLocale. */
  saved: string;
  sentAt: string;
  /** {n}: attempts so far; {when}: the next one. */
  tried: string;
  retryNow: string;
  fixAndResend: string;
  discard: string;
  resend: string;
  /** {label}: the item's. */
  fixLabel: string;
  /** {n}: items not shown; {pending}: not yet sent in all. */
  more: string;
  /** The locale its dates are written in. */
  dateLocale: string;
}

export const OUTBOX_EN: OutboxWords = {
  title: 'Outbox — submissions on this device',
  description: 'Forms and test answers saved on this device and waiting to be sent.',
  heading: 'Outbox',
  lead: 'Everything you submit is saved on this device first and sent as soon as there is a connection.',
  waitingCount: '{n} waiting.',
  nothingWaiting: 'Nothing is waiting.',
  directOnly: DIRECT_ONLY_MESSAGE,
  notPersisted:
    "Your browser has not promised to keep this app's storage: clearing site data or browsing history would lose the items still waiting.",
  empty: 'No submissions on this device.',
  waiting: 'Waiting',
  sending: 'Sending…',
  sent: 'Sent',
  attention: 'Needs attention',
  saved: 'saved {when}',
  sentAt: 'sent {when}',
  tried: 'tried {n}× · next try {when}',
  retryNow: 'Retry now',
  fixAndResend: 'Fix and resend',
  discard: 'Discard',
  resend: 'Resend',
  fixLabel: 'Fix {label}',
  more: '…and {n} more ({pending} not yet sent in all).',
  dateLocale: 'en-IN',
};
