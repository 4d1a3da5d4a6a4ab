// What a phone keeps of a classroom session, in localStorage: the session as it was read
// online (so the page opens again offline), who joined on this phone, and whether they
// have finished. Keyed by the session's code: a phone used in two sessions keeps both.
import type { PublicSession } from '../../../contract/sessions.ts';
import { readStoredJson, writeItem } from '../../lib/storage.ts';

export interface SessionStudent {
  name: string;
  email?: string | undefined;
  rollNumber?: string | undefined;
  phone?: string | undefined;
}

interface Kept {
  session: PublicSession;
  student?: SessionStudent;
  finished?: boolean;
}

const keyOf = (code: string) => `classroomSession:${code}`;

function read(code: string): Kept | undefined {
  const value = readStoredJson(keyOf(code)) as Partial<Kept> | undefined;
  return value && typeof value === 'object' && value.session?.code === code ? (value as Kept) : undefined;
}
function write(code: string, kept: Kept): void {
  writeItem(keyOf(code), JSON.stringify(kept));
}

export function keptSession(code: string): Kept | undefined {
  return read(code);
}
export function keepSession(session: PublicSession): void {
  write(session.code, { ...read(session.code), session });
}
export function keepStudent(code: string, student: SessionStudent): void {
  const kept = read(code);
  if (kept) write(code, { ...kept, student, finished: false });
}
export function keepFinished(code: string, finished: boolean): void {
  const kept = read(code);
  if (kept) write(code, { ...kept, finished });
}
