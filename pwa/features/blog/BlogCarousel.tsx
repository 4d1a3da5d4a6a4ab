import { Link } from '../../i18n/links.tsx';
import { CarouselControls } from '../../components/CarouselControls.tsx';
import { BLOG_CARDS } from '../../content/blog.ts';
import { useAutoAdvance } from '../../hooks/useAutoAdvance.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { useBlogPageWords } from './useBlogPageWords.ts';
import './blog-carousel.css';

/** Spec §9: the blog carousel advances every 4 s. */
export const BLOG_CAROUSEL_MS = 4000;

export function BlogCarousel() {
  const { ref, index, next, prev, goTo, paused, pauseHandlers } = useAutoAdvance(BLOG_CARDS.length, BLOG_CAROUSEL_MS);
  const w = useBlogPageWords();
  return (
    <div ref={ref} className="blog-carousel" role="group" aria-roledescription="carousel" aria-label={w.featuredLabel} {...pauseHandlers}>
      <div className="blog-carousel__viewport" aria-live={paused ? 'polite' : 'off'}>
        {BLOG_CARDS.map((card, i) => (
          <article
            key={card.id}
            className="blog-slide"
            hidden={i !== index}
            aria-roledescription="slide"
            aria-label={fill(w.slideOf, { n: i + 1, total: BLOG_CARDS.length })}
            data-testid="blog-slide"
          >
            <img
              src={card.image.src}
              alt={card.image.alt}
              width={card.image.width}
              height={card.image.height}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
            <div className="blog-slide__text">
              <h2 lang="en">{card.title}</h2>
              <p lang="en">{card.description}</p>
              <Link to={card.link} className="btn btn--accent">
                {w.readMore}
                <span className="visually-hidden" lang="en">
                  : {card.title}
                </span>
              </Link>
            </div>
          </article>
        ))}
      </div>
      <CarouselControls prevLabel={w.prevSlide} nextLabel={w.nextSlide} onPrev={prev} onNext={next}>
        <div className="dots">
          {BLOG_CARDS.map((card, i) => (
            <button
              key={card.id}
              type="button"
              className="dot"
              aria-label={fill(w.showSlide, { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      </CarouselControls>
    </div>
  );
}
