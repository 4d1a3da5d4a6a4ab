import { STORAGE_KEYS } from './storage-keys.ts';

// localStorage can throw (private mode, disabled storage); the app must still render.
export function readItem(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}
/** `null` removes the key. Without storage the value lasts for this page only. */
export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}
/** The stored JSON value; undefined when it is missing or damaged. */
export function readStoredJson(key: string): unknown {
  const raw = readItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export interface LocalUser {
  name: string;
  email: string;
}

export function isSignedUp(): boolean {
  return readItem(STORAGE_KEYS.signedUp) === 'true';
}
export function markSignedUp(user: LocalUser): void {
  writeItem(STORAGE_KEYS.signedUp, 'true');
  writeItem(STORAGE_KEYS.user, JSON.stringify(user));
}
/** The name and email saved at sign-up, or null when they are missing or damaged. */
export function readLocalUser(): LocalUser | null {
  const value = readStoredJson(STORAGE_KEYS.user);
  if (!value || typeof value !== 'object') return null;
  const { name, email } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof email === 'string' && name.trim() !== '' && email.trim() !== '' ? { name, email } : null;
}
