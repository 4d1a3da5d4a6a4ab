// The index modules feed routing, the menus and prerendering; the full modules feed the
// pages. This checks the pages agree with what the routes promise.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COURSE_CERTIFICATE_IMAGE } from './course.ts';
import { TESTIMONIALS } from './testimonials.ts';
import { BLOG_POST_IDS } from './blog-index.ts';
import { BLOG_POSTS, firstText } from './blog.ts';
import { BLOG_TEASERS } from './blog-teasers.ts';
import { excerpt } from '../lib/text.ts';
import { POLICIES } from './policies.ts';
import { POLICY_INDEX } from './policies-index.ts';
import { PROGRAMS } from './programs.ts';
import { PROGRAM_INDEX } from './programs-index.ts';

describe('content indexes', () => {
  it('blog posts follow the index, in order', () => {
    expect(BLOG_POSTS.map((p) => p.id)).toEqual([...BLOG_POST_IDS]);
  });

  it('the home page’s teasers are the first three posts, with their opening words', () => {
    const expected = BLOG_POSTS.slice(0, 3).map((p) => ({ id: p.id, title: p.title, image: p.image, excerpt: excerpt(firstText(p)) }));
    expect(BLOG_TEASERS).toEqual(expected);
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

describe('each programme page is its own', () => {
  const pages = [
    { page: 'course', certificate: COURSE_CERTIFICATE_IMAGE, testimonials: TESTIMONIALS },
    ...Object.entries(PROGRAMS).map(([slug, p]) => ({ page: slug, certificate: p.certificate.image, testimonials: p.testimonials.items })),
  ];

  it('shows its own sample certificate, naming its own course', () => {
    expect(new Set(pages.map((p) => p.certificate.src)).size).toBe(pages.length);
    for (const { page, certificate } of pages) {
      expect(existsSync(new URL(`../../public${certificate.src}`, import.meta.url)), page).toBe(true);
    }
    expect(new Set(pages.map((p) => p.certificate.alt)).size).toBe(pages.length);
  });

  it('quotes its own people: no testimonial appears on two pages', () => {
    const seen = new Map<string, string>();
    for (const { page, testimonials } of pages) {
      expect(testimonials.length, page).toBeGreaterThanOrEqual(2);
      for (const t of testimonials) {
        expect(seen.get(t.name), `${t.name} on ${page}`).toBeUndefined();
        seen.set(t.name, page);
        expect(existsSync(new URL(`../../public${t.image}`, import.meta.url)), t.image).toBe(true);
      }
    }
  });
});
