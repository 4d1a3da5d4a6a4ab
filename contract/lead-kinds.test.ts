import { describe, expect, it } from 'vitest';
import { LEAD_KINDS, LIST_SLUGS, LISTED_KINDS, kindOfSlug, sortKeysOf } from './lead-kinds.ts';

describe('the lead registry', () => {
  it('derives the lists from the kinds: every listed kind once, in the sidebar order of spec §2', () => {
    expect([...LIST_SLUGS].sort()).toEqual(LISTED_KINDS.map((k) => LEAD_KINDS[k].list.slug).sort());
    expect(new Set(LISTED_KINDS.map((k) => LEAD_KINDS[k].list.position)).size).toBe(LISTED_KINDS.length);
    expect(LIST_SLUGS.slice(0, 5)).toEqual(['join-now', 'join-free', 'contact', 'need-help', 'test-form']);
    for (const slug of LIST_SLUGS) expect(LEAD_KINDS[kindOfSlug(slug)!].list.slug).toBe(slug);
  });

  it('lets every list sort by its date, status, owner and next step, and by its text columns', () => {
    for (const kind of LISTED_KINDS) {
      const keys = sortKeysOf(LEAD_KINDS[kind].list);
      expect(keys).toEqual(expect.arrayContaining(['createdAt', 'status', 'owner', 'next', 'email']));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
