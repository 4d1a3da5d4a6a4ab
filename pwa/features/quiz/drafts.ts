// A test in progress, saved on the device after every answer so a reload, a closed tab or
// a dropped connection never loses it. Its own IndexedDB database: the outbox database is
// the queue of submissions, and a draft is not one.
//
// Drafts saved by earlier versions of the app sit in the outbox database's `drafts` store
// (it is never dropped there); loading a test moves its draft here once.
import type { DBSchema } from 'idb';
import { sharedDatabase } from '../../lib/idb.ts';
import { openOutboxDb } from '../../lib/outbox/store.ts';

export const QUIZ_DRAFTS_DB = 'skillup-quiz-drafts';
const VERSION = 1;

export interface QuizDraft {
  /** 'english' | 'hinglish' */
  test: string;
  answers: Record<string, number>;
  index: number;
  updatedAt: number;
}

interface DraftsDB extends DBSchema {
  drafts: { key: string; value: QuizDraft };
}

const openDrafts = sharedDatabase<DraftsDB>(QUIZ_DRAFTS_DB, VERSION, (db) => {
  db.createObjectStore('drafts', { keyPath: 'test' });
});

/** A draft an earlier version left in the outbox database, removed from there. */
async function takeLegacyDraft(test: string): Promise<QuizDraft | undefined> {
  // Through the outbox's own opener, so its schema is the outbox's whatever happens here.
  const db = await openOutboxDb();
  const draft = (await db.get('drafts', test)) as QuizDraft | undefined;
  if (draft) await db.delete('drafts', test);
  return draft;
}

export async function loadDraft(test: string): Promise<QuizDraft | undefined> {
  const db = await openDrafts();
  const draft = await db.get('drafts', test);
  if (draft) return draft;
  const legacy = await takeLegacyDraft(test);
  if (legacy) await db.put('drafts', legacy);
  return legacy;
}

export async function saveDraft(draft: QuizDraft): Promise<void> {
  await (await openDrafts()).put('drafts', draft);
}

export async function clearDraft(test: string): Promise<void> {
  await (await openDrafts()).delete('drafts', test);
}
