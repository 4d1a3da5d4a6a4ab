// The index modules feed routing, the menus and prerendering; the full modules feed the
// pages. This checks the pages agree with what the routes promise.
import { describe, expect, it } from 'vitest';
import { BLOG_POST_IDS } from './blog-index.ts';
import { BLOG_POSTS } from './blog.ts';
import { POLICIES } from './policies.ts';
import { POLICY_INDEX } from './policies-index.ts';
import { PROGRAMS } from './programs.ts';
import { PROGRAM_INDEX } from './programs-index.ts';

describe('content indexes', () => {
  it('blog posts follow the index, in order', () => {
    expect(BLOG_POSTS.map((p) => p.id)).toEqual([...BLOG_POST_IDS]);
  });

  it('every policy page has the path and title of its index entry', () => {
    expect(Object.keys(POLICIES)).toEqual(Object.keys(POLICY_INDEX));
    for (const [slug, entry] of Object.entries(POLICY_INDEX)) {
      expect({ path: POLICIES[slug]?.path, title: POLICIES[slug]?.title }).toEqual(entry);
    }
  });

  it('every programme page has the path and heading of its index entry', () => {
    expect(Object.keys(PROGRAMS)).toEqual(Object.keys(PROGRAM_INDEX));
    for (const [slug, entry] of Object.entries(PROGRAM_INDEX)) {
      expect({ path: PROGRAMS[slug]?.path, title: PROGRAMS[slug]?.header.title }).toEqual(entry);
    }
  });
});
