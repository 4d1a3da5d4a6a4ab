// Quiz drafts in their own database, and the one-time move of a draft an earlier version
// left in the outbox database.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshBrowser } from '../../testing/fake-browser.ts';

const draft = (test: string, index: number) => ({ test, answers: { q01: 2 }, index, updatedAt: 1 });

describe('quiz drafts', () => {
  beforeEach(() => freshBrowser());

  it('saves, loads and clears a draft per test, outside the outbox database', async () => {
    const drafts = await import('./drafts.ts');
    await drafts.saveDraft(draft('english', 4));
    await drafts.saveDraft(draft('hinglish', 9));
    expect(await drafts.loadDraft('english')).toEqual(draft('english', 4));
    await drafts.clearDraft('english');
    expect(await drafts.loadDraft('english')).toBeUndefined();
    expect((await drafts.loadDraft('hinglish'))?.index).toBe(9);
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).toContain(drafts.QUIZ_DRAFTS_DB);
  });

  it('moves a draft left in the outbox database here, once', async () => {
    const { openOutboxDb } = await import('../../lib/outbox/store.ts');
    await (await openOutboxDb()).put('drafts', draft('english', 17));
    const drafts = await import('./drafts.ts');
    expect(await drafts.loadDraft('english')).toEqual(draft('english', 17));
    expect(await (await openOutboxDb()).get('drafts', 'english')).toBeUndefined();
    // Now kept here: clearing it clears it for good.
    await drafts.clearDraft('english');
    expect(await drafts.loadDraft('english')).toBeUndefined();
  });
});
