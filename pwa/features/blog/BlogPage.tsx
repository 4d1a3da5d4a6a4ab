import { Link } from '../../i18n/links.tsx';
import { Meta } from '../../components/Meta.tsx';
import { Section } from '../../components/Section.tsx';
import { BLOG_POSTS, firstText } from '../../content/blog.ts';
import { excerpt } from '../../lib/text.ts';
import { BlogCarousel } from './BlogCarousel.tsx';

export default function BlogPage() {
  return (
    <>
      <Meta
        title="Blog"
        description="Practical articles on communication, emotional intelligence, adaptability and careers for students and young professionals."
      />
      <section className="page-hero page-hero--compact">
        <div className="container">
          <h1>SkillUp Blog</h1>
          <p className="lead">Practical ideas for speaking, working and growing with confidence.</p>
        </div>
      </section>
      <section className="section section--tight" aria-label="Featured stories">
        <div className="container">
          <BlogCarousel />
        </div>
      </section>
      <Section headingId="posts-h" title="Latest posts">
        <ul className="post-grid">
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
