// The HTTP surface the PWA and the API agree on: the batch shape, limits, response types.
// Paths are the spec's (§7), so the spec's own client works against this server; each lead
// kind's paths are in lead-kinds.ts.
import type { PaymentStatus, UtrStatus } from './bookings.ts';

export const SYNC_PATH = '/api/v1/sync';
export const HEALTH_PATH = '/api/health';
/** Queued submissions per POST /api/v1/sync request. */
export const SYNC_BATCH_MAX = 100;
/** Largest accepted JSON body for a single POST, in bytes. */
export const BODY_MAX_BYTES = 64 * 1024;
/** Largest accepted body of a POST /api/v1/sync batch, in bytes. */
export const SYNC_BODY_MAX_BYTES = 2 * 1024 * 1024;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Header set on an answer that replays an earlier one for the same key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Every error the API gives: a message, and per-field messages for validation errors. */
export interface ApiError {
  message: string;
  errors?: Record<string, string>;
}

export interface SyncItem {
  key: string;
  path: string;
  body: unknown;
}
/** A sync request's body: the items, or (as the spec's wrapper) `{ items }`. */
export type SyncRequest = SyncItem[] | { items: SyncItem[] };
export interface SyncResult {
  key: string;
  status: number;
  body: unknown;
}
export interface SyncResponse {
  results: SyncResult[];
}

/** Statuses after which retrying the same submission cannot help (the outbox keeps it as "needs attention"). */
export function isFinalStatus(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  if (status === 408 || status === 409 || status === 425 || status === 429) return false;
  return status >= 400 && status < 500;
}

export interface ContactRecord {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
}
export interface FreeJoinUser {
  _id: string;
  name: string;
  email: string;
  phone: string;
  joinedAt: string;
}
export interface EnquiryRecord {
  _id: string;
  background: string;
  course: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
}
export interface JoinNowUser {
  _id: string;
  name: string;
  phone: string;
  email: string;
  createdAt: string;
}
export interface QuizUser {
  _id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
}

/** A token emailed as a link (an admin's password reset, a visitor's erasure): 32 random bytes, base64url. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A seat booking as the API returns it. */
export interface BookingRecord {
  _id: string;
  reference: string;
  programme: string;
  package: string;
  batch: string;
  name: string;
  email: string;
  phone: string;
  /** Whole rupees. */
  amount: number;
  paymentStatus: PaymentStatus;
  utr: string | null;
  /** A typed UTR is "to-verify" until a counsellor confirms it ("verified"). */
  utrStatus: UtrStatus | null;
  /** Who confirmed the UTR, and when (ISO). */
  utrVerifiedBy: string | null;
  utrVerifiedAt: string | null;
  /** The booking's own gateway link (null until made, or without a gateway). */
  paymentUrl: string | null;
  /** What the gateway (or the counsellor's check) says paid it. */
  paymentId: string | null;
  paymentMethod: string | null;
  paidAt: string | null;
  createdAt: string;
}

/** A proposal request as the API returns it. */
export interface ProposalRecord {
  _id: string;
  programme: string;
  organisation: string;
  name: string;
  role: string;
  email: string;
  phone: string;
  city: string;
  participants: number;
  preferredMonths: string;
  message: string;
  createdAt: string;
}
