// What the admin screens and the API agree on: paths, messages, the password rule and
// the response shapes of login and the five lead lists (§6, §7, §8 of the spec).
import { object, string } from 'yup';
import { MESSAGES } from './messages.ts';
import { isStorableText, TEXT_MESSAGES } from './text-rules.ts';
import { LEAD_KINDS } from './lead-kinds.ts';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from './passwords.ts';
import type { Role } from './roles.ts';

/** Where the staff API lives: every path below, and the admin resource's own routes, start with it. */
export const ADMIN_API_BASE = '/api/admin';

export const ADMIN_PATHS = {
  login: '/api/admin/login',
  logout: '/api/admin/logout',
  me: '/api/admin/me',
  forgotPassword: '/api/admin/forgot-password',
  /** Followed by `/{token}`. */
  resetPassword: '/api/admin/reset-password',
  /** The mail queue (failed and pending messages), for admins. */
  mail: '/api/admin/mail',
} as const;

/** The five lead lists (GET, admin token required): the spec's paths, from the registry. */
export const ADMIN_LIST_PATHS = {
  joinNow: LEAD_KINDS.joinNow.list.path,
  enquiries: LEAD_KINDS.enquiry.list.path,
  freeJoin: LEAD_KINDS.freeJoin.list.path,
  contacts: LEAD_KINDS.contact.list.path,
  quizUsers: LEAD_KINDS.personalitySignup.list.path,
} as const;

/** The PWA route a reset email links to: `${PUBLIC_URL}/reset-password/{token}`. */
export const RESET_PASSWORD_ROUTE = '/reset-password';

/** Every list answers with the total number of matches here, so body shapes stay the spec's. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** Largest `limit` a list accepts; without `limit` a list returns every match. */
export const LIST_LIMIT_MAX = 500;

export { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from './passwords.ts';
/** A reset link is valid this long, once. */
export const RESET_TOKEN_MINUTES = 30;
/** An admin token is valid this long (or until logout, or until the password changes). */
export const ADMIN_SESSION_HOURS = 12;

export const ADMIN_MESSAGES = {
  loginSuccess: 'Login successful!',
  loginFailure: 'Login failed',
  invalidCredentials: 'Invalid email or password',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  resetLinkSent: 'Password reset link sent to your email!',
  resetLinkFailure: 'Error sending reset email',
  resetSuccess: 'Password reset successful! Please login.',
  resetFailure: 'Failed to reset password.',
  resetLinkInvalid: 'This password reset link is invalid, expired or already used. Please request a new one.',
  newPasswordRequired: 'New password is required',
  newPasswordMin: `Password must be at least ${ADMIN_PASSWORD_MIN} characters`,
  newPasswordMax: `Password must be at most ${ADMIN_PASSWORD_MAX} characters`,
  logoutSuccess: 'Logged out successfully!',
  unauthorized: 'Please log in as an admin to see this page',
} as const;

/** 429 on login: says how long to wait and that a password reset is always possible. */
/** A signed-out staff request past its address's allowance (logins, reset requests and links, invitations). */
export function tooManySignInRequests(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return `Too many sign-in requests from this network. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
}

export function tooManyLoginAttempts(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`;
}

const adminEmail = string()
  .typeError(ADMIN_MESSAGES.emailRequired)
  .trim()
  .lowercase()
  .required(ADMIN_MESSAGES.emailRequired)
  .max(254, 'Email must be at most 254 characters')
  // Looked up in SQL: a NUL would fail the query (a 500) instead of matching nothing.
  .test('storable', TEXT_MESSAGES.notAllowedCharacters('Email'), (v) => v === undefined || isStorableText(v));

export const adminLoginSchema = object({
  email: adminEmail,
  // No length rule beyond a ceiling: a wrong password of any length is just wrong.
  password: string()
    .typeError(ADMIN_MESSAGES.passwordRequired)
    .required(ADMIN_MESSAGES.passwordRequired)
    .max(1024, ADMIN_MESSAGES.invalidCredentials),
});

export const forgotPasswordSchema = object({
  email: adminEmail.email(MESSAGES.invalidEmail),
});

export const newAdminPassword = string()
  .typeError(ADMIN_MESSAGES.newPasswordRequired)
  .required(ADMIN_MESSAGES.newPasswordRequired)
  .min(ADMIN_PASSWORD_MIN, ADMIN_MESSAGES.newPasswordMin)
  .max(ADMIN_PASSWORD_MAX, ADMIN_MESSAGES.newPasswordMax)
  .test('storable', TEXT_MESSAGES.notAllowedCharacters('Password'), (v) => v === undefined || isStorableText(v));

export const resetPasswordSchema = object({ newPassword: newAdminPassword });

export interface AdminProfile {
  _id: string;
  email: string;
  name: string;
  /** What the member may do (contract/desk.ts); older sessions stored in a browser may lack it. */
  role?: Role;
}
export interface AdminLoginResponse {
  message: string;
  token: string;
  admin: AdminProfile;
  /** ISO time the token stops working. */
  expiresAt: string;
}
export type MailStatus = 'pending' | 'sent' | 'failed';
export interface MailQueueEntry {
  _id: string;
  to: string;
  subject: string;
  kind: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
}
