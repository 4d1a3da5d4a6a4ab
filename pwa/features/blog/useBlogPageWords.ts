import { BLOG_PAGE_EN, type BlogPageWords } from '../../content/blog-page.ts';
import { usePageContent } from '../../i18n/PageContent.tsx';

/** The blog index's words in the route's language (English unless it gives others). */
export function useBlogPageWords(): BlogPageWords {
  return { ...BLOG_PAGE_EN, ...usePageContent<BlogPageWords>() };
}
