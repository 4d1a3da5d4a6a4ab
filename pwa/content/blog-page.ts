// The blog index's own words (the posts themselves are English on both sites:
// content/blog.ts); content/hi/blog-page.ts gives them in Hindi.
export interface BlogPageWords {
  title: string;
  description: string;
  heading: string;
  lead: string;
  /** Shown above the posts when they are in another language than the page; empty on the English site. */
  postsNote: string;
  featuredLabel: string;
  latestTitle: string;
  readMore: string;
  prevSlide: string;
  nextSlide: string;
  /** {n} of {total}. */
  slideOf: string;
  /** {n}. */
  showSlide: string;
}

export const BLOG_PAGE_EN: BlogPageWords = {
  title: 'Blog',
  description:
    'Practical articles on communication, emotional intelligence, adaptability and careers for students and young professionals.',
  heading: 'SkillUp Blog',
  lead: 'Practical ideas for speaking, working and growing with confidence.',
  postsNote: '',
  featuredLabel: 'Featured stories',
  latestTitle: 'Latest posts',
  readMore: 'Read more',
  prevSlide: 'Previous slide',
  nextSlide: 'Next slide',
  slideOf: '{n} of {total}',
  showSlide: 'Show slide {n}',
};
