// The admin calls are online-only (they never go through the outbox): one request, no retry.
import { ADMIN_PATHS } from '../../../contract/admin.ts';
import { messageOf, postJson, type JsonAnswer } from '../../lib/http.ts';

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

export async function adminPost<T>(path: string, body: unknown): Promise<AdminAnswer<T>> {
  let answer: JsonAnswer;
  try {
    answer = await postJson(path, body);
  } catch {
    return { ok: false, status: 0, networkError: true, data: undefined, message: undefined };
  }
  const { response, data } = answer;
  return { ok: response.ok, status: response.status, networkError: false, data: data as T, message: messageOf(data) };
}

/** Spec §8: a network failure while resetting. */
export const RESET_NETWORK_MESSAGE = 'Something went wrong. Please try again.';
