// The home page's blog teaser: the first three posts' title, image and opening words,
// without the posts. The teaser used to load every post's full text (blog.ts, ~5 KB gzip)
// onto the home page for three 100-character excerpts; content-index.test.ts checks these
// agree with the posts, so an edited post fails the test rather than drifting.
export interface BlogTeaserPost {
  id: string;
  title: string;
  image: { src: string; alt: string; width: number; height: number };
  excerpt: string;
}

const image = (id: string, alt: string) => ({ src: `/images/blog/${id}.webp`, alt, width: 800, height: 450 });

export const BLOG_TEASERS: BlogTeaserPost[] = [
  {
    id: 'top-soft-skills-2025-2026',
    title: 'Top Soft Skills Employers Want in 2025–2026',
    image: image('top-soft-skills-2025-2026', 'A job candidate presenting confidently to an interview panel'),
    excerpt: 'Recruiters who visit campuses across India tell us the same thing every season: technical scores get…',
  },
  {
    id: 'emotional-intelligence-at-work',
    title: 'Emotional Intelligence: The Skill Behind Every Great Team',
    image: image('emotional-intelligence-at-work', 'Two colleagues listening to each other during a team meeting'),
    excerpt: 'Emotional intelligence (EQ) is the ability to notice, understand and manage emotions — your own and…',
  },
  {
    id: 'adaptability-in-a-changing-workplace',
    title: 'Adaptability: How to Thrive When Plans Keep Changing',
    image: image('adaptability-in-a-changing-workplace', 'A young professional rearranging tasks on a planning board'),
    excerpt: 'Your first job will probably not look like the job description. Projects get reassigned, managers ch…',
  },
];
