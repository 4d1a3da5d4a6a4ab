// Erasure of a visitor's data (India's DPDP Act 2023: a person may have their data erased).
// A visitor asks at /delete-my-data with their email and gets a single-use link by email
// (24 hours); confirming it erases every submission with that email in every list, their
// notes and status history, their certificates and the mail queued to them. Admins erase
// single leads or several from the console. Every erasure leaves an audit row that holds no
// personal data: who (an admin, or the person), which list, how many, when.
import type { ListSlug } from './lead-kinds.ts';

export const ERASURE_PATHS = {
  /** POST { email } (a queued submission, contract/lead-kinds.ts erasureRequest). */
  request: '/api/v1/erasure-requests',
  /** POST { token }: erases, once. */
  confirm: '/api/v1/erasure-requests/confirm',
  /** GET (admin): the erasure log. */
  audit: '/api/admin/audit',
} as const;

/** The public page, and the link in the email (`?token=`). */
export const ERASURE_PAGE = '/delete-my-data';
export const ERASURE_LINK_HOURS = 24;
/** Confirmation emails one address may receive in 24 hours (more requests get the same answer and no email). */
export const ERASURE_MAILS_PER_DAY = 3;

export const ERASURE_MESSAGES = {
  // The same answer whether or not we hold anything for the address.
  requested: 'If we hold data for this email, we have sent a confirmation link to it. The link works once, for 24 hours.',
  linkInvalid: 'This link has expired or has already been used. Please ask again.',
  erased: 'Your data has been erased.',
  withdrawn: 'This certificate was withdrawn.',
} as const;

/** What confirming erased, per list (and `certificates` for taken tests). */
export interface ErasureResult {
  message: string;
  erased: Partial<Record<ListSlug | 'certificates', number>>;
}

/** One row of GET /api/admin/audit, newest first. No personal data. */
export interface AuditEntry {
  _id: string;
  at: string;
  /** 'admin' or 'person' (the person erasing their own data). */
  actor: 'admin' | 'person';
  /** The admin's name, or 'the person'. */
  by: string;
  list: ListSlug | 'certificates';
  count: number;
}
export interface AuditResponse {
  data: AuditEntry[];
}
