// The admin session, held in one localStorage key (spec §3: the token and the admin
// object): the only module that reads or writes it. The guard only checks that a token is
// there (spec §6); the server checks it on every call, and any 401 ends the session here.
import type { AdminProfile } from '../../../contract/admin.ts';
import { readStoredJson, writeItem } from '../../lib/storage.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

export interface AdminSession {
  token: string;
  admin: AdminProfile | null;
  /** ISO time the token stops working. */
  expiresAt?: string;
}

/** Why the console sent the admin to the login page, shown there. */
export interface SessionNotice {
  notice: string;
  kind: 'success' | 'error';
  /** The address to log in with, filled in for them (after joining the team). */
  email?: string;
}

const ENDED_EVENT = 'admin-session-ended';

export function readSession(): AdminSession | null {
  const value = readStoredJson(STORAGE_KEYS.adminSession);
  if (!value || typeof value !== 'object') return null;
  const { token, admin, expiresAt } = value as Partial<AdminSession>;
  if (typeof token !== 'string' || token === '') return null;
  return { token, admin: admin && typeof admin === 'object' ? admin : null, ...(typeof expiresAt === 'string' ? { expiresAt } : {}) };
}

export function saveSession(session: AdminSession): void {
  writeItem(STORAGE_KEYS.adminSession, JSON.stringify(session));
}

/** Forgets the session (logout). */
export function clearSession(): void {
  writeItem(STORAGE_KEYS.adminSession, null);
}

/**
 * The server no longer accepts the token (expired, revoked, password changed): forget it
 * and tell the open console, which returns to the login page with `message`.
 */
export function endSession(message: string): void {
  // Several calls may fail at once (the list, the live feed): the first one ends it.
  const had = readSession() !== null;
  clearSession();
  if (had && typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<string>(ENDED_EVENT, { detail: message }));
}

export function onSessionEnded(listener: (message: string) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<string>).detail);
  window.addEventListener(ENDED_EVENT, handler);
  return () => window.removeEventListener(ENDED_EVENT, handler);
}

/** How the header greets the admin: their name, else their email. */
export function adminName(session: AdminSession | null): string {
  return session?.admin?.name?.trim() || session?.admin?.email || '';
}
