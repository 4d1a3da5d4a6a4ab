import { Link } from '../../i18n/links.tsx';
import { Meta } from '../../components/Meta.tsx';
import { Section } from '../../components/Section.tsx';
import { BLOG_POSTS, firstText } from '../../content/blog.ts';
import { excerpt } from '../../lib/text.ts';
import { BlogCarousel } from './BlogCarousel.tsx';
import { useBlogPageWords } from './useBlogPageWords.ts';

export default function BlogPage() {
  const w = useBlogPageWords();
  return (
    <>
      <Meta title={w.title} description={w.description} />
      <section className="page-hero page-hero--compact">
        <div className="container">
          <h1>{w.heading}</h1>
          <p className="lead">{w.lead}</p>
          {w.postsNote && (
            <p className="lang-note" data-testid="posts-in-english">
              {w.postsNote}
            </p>
          )}
        </div>
      </section>
      <section className="section section--tight" aria-label={w.featuredLabel}>
        <div className="container">
          <BlogCarousel />
        </div>
      </section>
      <Section headingId="posts-h" title={w.latestTitle}>
        <ul className="post-grid" lang="en">
          {BLOG_POSTS.map((post) => (
            <li key={post.id} className="post-card card" data-testid="post-card">
              <img
                src={post.image.src}
                alt={post.image.alt}
                width={post.image.width}
                height={post.image.height}
                loading="lazy"
                decoding="async"
              />
              <div className="post-card__body">
                <h3>
                  <Link to={`/blog/${post.id}`}>{post.title}</Link>
                </h3>
                <p className="post-card__meta">{post.subtitle}</p>
                <p data-testid="excerpt">{excerpt(firstText(post))}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
