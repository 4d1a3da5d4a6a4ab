// The relay: a copy of the product on a trainer's laptop stores its class's
// submissions first and delivers them upstream with a relay key an admin made. What the
// console, the relay and the upstream agree on.
import { object, string, type InferType } from 'yup';
import { isStorableText, TEXT_MESSAGES } from './text-rules.ts';

export const RELAY_PATHS = {
  /** POST { name } (admins) → 201 { key, relayKey } (the key shown once); GET → { data }; DELETE /{id} revokes. */
  keys: '/api/admin/relay-keys',
  /** GET (trainers, admins): on a relay, what waits for the upstream. */
  status: '/api/admin/relay',
} as const;

/** GET /api/admin/relay. */
export interface RelayStatus {
  /** False on an instance that is not a relay (the rest are zeros). */
  relay: boolean;
  upstream: string | null;
  waiting: number;
  forwarded: number;
  /** Refused by the upstream for good (a 4xx other than 408, 409, 429), with the last reason. */
  failed: number;
  /** The newest reason the upstream gave for any submission (a refusal, or a whole batch answered 401 for a revoked key). */
  lastError: string | null;
  /** Why the waiting ones have not gone: the upstream's last answer to them (its key revoked, 429, 503); null when none. */
  waitingReason: string | null;
}

/** The header a relay sends its key in, on its deliveries (POST /api/v1/sync and the public POSTs). */
export const RELAY_KEY_HEADER = 'X-Relay-Key';

export const RELAY_MESSAGES = {
  nameRequired: 'Name the relay (the trainer or the laptop)',
  keyInvalid: 'This relay key is not valid or has been revoked',
  deliveriesOnly: 'A relay key only delivers submissions',
  notFound: 'There is no such relay key',
} as const;

export const relayKeyCreateSchema = object({
  name: string()
    .typeError(RELAY_MESSAGES.nameRequired)
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v))
    .required(RELAY_MESSAGES.nameRequired)
    .max(80, 'Name must be at most 80 characters')
    .test('storable', TEXT_MESSAGES.notAllowedCharacters('Name'), (v) => v === undefined || isStorableText(v)),
});
export type RelayKeyCreateInput = InferType<typeof relayKeyCreateSchema>;

export interface RelayKey {
  id: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}
export interface RelayKeyCreated {
  /** The key itself: shown this once, never stored (only its hash). */
  key: string;
  relayKey: RelayKey;
}
