// The blog's slugs without the posts: routing and prerendering need only these, so the
// main chunk stays free of the post bodies (blog.ts, loaded by the blog routes, holds them).

/** The six embedded posts (spec §3), in display order. The id is the URL slug: /blog/{id}. */
export const BLOG_POST_IDS = [
  'top-soft-skills-2025-2026',
  'emotional-intelligence-at-work',
  'adaptability-in-a-changing-workplace',
  'digital-communication-etiquette',
  'critical-thinking-for-students',
  'public-speaking-for-beginners',
] as const;

export type BlogPostId = (typeof BLOG_POST_IDS)[number];
