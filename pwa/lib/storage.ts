import { STORAGE_KEYS } from './storage-keys.ts';

// localStorage can throw (private mode, disabled storage); the app must still render.
function read(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the session lasts for this page only */
  }
}

export interface LocalUser {
  name: string;
  email: string;
}

export function isSignedUp(): boolean {
  return read(STORAGE_KEYS.signedUp) === 'true';
}
export function markSignedUp(user: LocalUser): void {
  write(STORAGE_KEYS.signedUp, 'true');
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

export function adminToken(): string | null {
  return read(STORAGE_KEYS.adminToken);
}
export function saveAdminSession(token: string, admin: unknown): void {
  write(STORAGE_KEYS.adminToken, token);
  write(STORAGE_KEYS.admin, JSON.stringify(admin ?? null));
}
export function clearAdminSession(): void {
  write(STORAGE_KEYS.adminToken, null);
  write(STORAGE_KEYS.admin, null);
}
