import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../i18n/links.tsx';
import { IconInstagram, IconLinkedIn, IconYouTube } from '../../components/Icons.tsx';
import { Meta } from '../../components/Meta.tsx';
import { Section } from '../../components/Section.tsx';
import { SITE } from '../../config/site.ts';
import { BLOG_POSTS, findPost } from '../../content/blog.ts';
import type { BlogPost } from '../../content/types.ts';
import { sample } from '../../lib/text.ts';

/** Spec §9. */
export const FEATURED_COUNT = 5;
export const RELATED_COUNT = 4;

function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function PostLinks({ posts, testId }: { posts: BlogPost[]; testId: string }) {
  return (
    <ul className="post-links" data-testid={testId}>
      {posts.map((p) => (
        <li key={p.id}>
          <Link to={`/blog/${p.id}`}>
            <img src={p.image.src} alt="" width={96} height={54} loading="lazy" decoding="async" />
            <span>{p.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function BlogDetailPage() {
  const { id = '' } = useParams();
  const post = findPost(id);
  const others = BLOG_POSTS.filter((p) => p.id !== id);
  // The prerendered HTML lists posts in a fixed order; the random picks happen in the browser.
  const [featured, setFeatured] = useState(() => others.slice(0, FEATURED_COUNT));
  const [related, setRelated] = useState(() => others.slice(0, RELATED_COUNT));
  useEffect(() => {
    const rest = BLOG_POSTS.filter((p) => p.id !== id);
    setFeatured(sample(rest, FEATURED_COUNT));
    setRelated(sample(rest, RELATED_COUNT));
  }, [id]);

  if (!post) {
    return (
      <>
        <Meta title="Blog not found" description="This blog post does not exist." robots="noindex" status={404} />
        <section className="page-hero">
          <div className="container">
            <h1>Blog not found</h1>
            <p className="lead">
              The post you are looking for may have moved. <Link to="/blog">Browse all posts</Link>.
            </p>
          </div>
        </section>
      </>
    );
  }
  return (
    <>
      <Meta title={post.metaTitle} description={post.metaDescription} keywords={post.keywords.join(', ')} />
      <div className="container blog-detail">
        <article className="blog-detail__main">
          <header>
            <p className="post-card__meta">
              <time dateTime={post.date}>{formatDate(post.date)}</time>
            </p>
            <h1>{post.title}</h1>
            <p className="lead">{post.subtitle}</p>
          </header>
          <img
            className="blog-detail__img"
            src={post.image.src}
            alt={post.image.alt}
            width={post.image.width}
            height={post.image.height}
            fetchPriority="high"
          />
          {post.content.map((block, i) => (
            <section key={i} className="blog-block">
              {block.heading && <h2>{block.heading}</h2>}
              {block.text && <p>{block.text}</p>}
              {block.subImage && (
                <img
                  src={block.subImage.src}
                  alt={block.subImage.alt}
                  width={block.subImage.width}
                  height={block.subImage.height}
                  loading="lazy"
                  decoding="async"
                />
              )}
            </section>
          ))}
          <div className="blog-detail__share">
            <span>Follow {SITE.shortName}:</span>
            <a href={SITE.social.linkedin} target="_blank" rel="noopener noreferrer" aria-label="LinkedIn">
              <IconLinkedIn />
            </a>
            <a href={SITE.social.youtube} target="_blank" rel="noopener noreferrer" aria-label="YouTube">
              <IconYouTube />
            </a>
            <a href={SITE.social.instagram} target="_blank" rel="noopener noreferrer" aria-label="Instagram">
              <IconInstagram />
            </a>
          </div>
        </article>
        <aside className="blog-detail__aside" aria-labelledby="featured-h">
          <h2 id="featured-h">Featured posts</h2>
          <PostLinks posts={featured} testId="featured-posts" />
        </aside>
      </div>
      <Section headingId="related-h" title="Related posts" className="section--alt">
        <PostLinks posts={related} testId="related-posts" />
      </Section>
    </>
  );
}
