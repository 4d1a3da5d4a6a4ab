// The classroom relay (issue 23, part 4): a trainer's laptop on its own hotspot runs this
// product with RELAY_UPSTREAM_URL and RELAY_KEY; phones submit to it, it forwards to the
// upstream. What the console and the API agree on: paths, messages, shapes.

export const RELAY_PATHS = {
  /** Upstream, admins: GET (the keys), POST { name } → the key, once. */
  keys: '/api/admin/relay-keys',
  /** Upstream, admins: DELETE /{id} revokes. */
  key: (id: string) => `/api/admin/relay-keys/${encodeURIComponent(id)}`,
  /** Any instance, admins and trainers: is this a relay, and what is waiting. */
  status: '/api/admin/relay',
} as const;

import { object, string } from 'yup';
import { isStorableText, TEXT_MESSAGES } from './text-rules.ts';

export const RELAY_KEY_NAME_MAX = 80;

export const RELAY_MESSAGES = {
  keyRefused: 'This relay key does not work (revoked, or never made): ask an admin for a new one and restart the relay with it',
  keyName: 'Give the key a name (whose laptop, which college)',
  keyNameMax: `At most ${RELAY_KEY_NAME_MAX} characters`,
  keyNotFound: 'No such relay key',
  onlyDeliveries: 'A relay key can only deliver submissions',
} as const;

/** POST /api/admin/relay-keys. */
export const relayKeySchema = object({
  name: string()
    .trim()
    .required(RELAY_MESSAGES.keyName)
    .max(RELAY_KEY_NAME_MAX, RELAY_MESSAGES.keyNameMax)
    .test('storable', TEXT_MESSAGES.notAllowedCharacters('Name'), (v) => v === undefined || isStorableText(v)),
}).noUnknown();

export interface RelayKeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
export interface RelayKeyCreated extends RelayKeyView {
  /** Shown once: only its hash is kept. */
  key: string;
}

/** GET /api/admin/relay: on a relay, what waits to be forwarded; elsewhere, just that it is not one. */
export type RelayStatus =
  | { relay: false }
  | {
      relay: true;
      upstreamUrl: string;
      /** Submissions not yet answered for good by the upstream. */
      waiting: number;
      /** Delivered (the upstream stored or had them). */
      forwarded: number;
      /** Answered for good with an error by the upstream (e.g. invalid): kept, with the reason. */
      refused: number;
      oldestWaitingAt: string | null;
      lastSuccessAt: string | null;
      lastError: string | null;
      /** When the relay will next try (while the upstream does not answer, it backs off). */
      nextAttemptAt: string | null;
    };
