import { Link } from '../i18n/links.tsx';
import { BLOG_TEASERS } from '../content/blog-teasers.ts';
import { Section } from './Section.tsx';
import { useChrome } from '../i18n/LangContext.tsx';

/** Home page teaser: first post large, the next two in a 2-column grid. */
export function BlogTeaser() {
  const [first, ...rest] = BLOG_TEASERS;
  const t = useChrome();
  if (!first) return null;
  return (
    <Section
      headingId="blog-teaser-h"
      title={t.blogTeaserTitle}
      className="blog-teaser"
      action={
        <Link to="/contact" className="btn btn--outline">
          {t.navContact}
        </Link>
      }
    >
      <div className="blog-teaser__grid">
        {[first, ...rest].map((post, i) => (
          <article key={post.id} className={`post-card card${i === 0 ? ' post-card--large' : ''}`} data-testid="teaser-post">
            <img
              src={post.image.src}
              alt={post.image.alt}
              width={post.image.width}
              height={post.image.height}
              loading="lazy"
              decoding="async"
            />
            <div className="post-card__body">
              <h3>{post.title}</h3>
              <p data-testid="excerpt">{post.excerpt}</p>
              <Link to={`/blog/${post.id}`} className="link-more">
                {t.readMore}
                <span className="visually-hidden">: {post.title}</span>
              </Link>
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}
