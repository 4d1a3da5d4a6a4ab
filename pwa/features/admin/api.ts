// The admin calls are online-only (they never go through the outbox): plain fetch.
import { ADMIN_PATHS } from '../../../contract/admin.ts';

export function resetPasswordPath(token: string): string {
  return `${ADMIN_PATHS.resetPassword}/${encodeURIComponent(token)}`;
}

export interface AdminAnswer<T> {
  ok: boolean;
  status: number;
  /** True when no answer came back at all. */
  networkError: boolean;
  data: T | undefined;
  message: string | undefined;
}

export async function postJson<T>(path: string, body: unknown): Promise<AdminAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, status: 0, networkError: true, data: undefined, message: undefined };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string' ? (data as { message: string }).message : undefined;
  return { ok: response.ok, status: response.status, networkError: false, data: data as T, message };
}

/** Spec §8: a network failure while resetting. */
export const RESET_NETWORK_MESSAGE = 'Something went wrong. Please try again.';
