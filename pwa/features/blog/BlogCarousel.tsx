import { Link } from '../../i18n/links.tsx';
import { CarouselControls } from '../../components/CarouselControls.tsx';
import { BLOG_CARDS } from '../../content/blog.ts';
import { useAutoAdvance } from '../../hooks/useAutoAdvance.ts';
import './blog-carousel.css';

/** Spec §9: the blog carousel advances every 4 s. */
export const BLOG_CAROUSEL_MS = 4000;

export function BlogCarousel() {
  const { ref, index, next, prev, goTo, paused, pauseHandlers } = useAutoAdvance(BLOG_CARDS.length, BLOG_CAROUSEL_MS);
  return (
    <div ref={ref} className="blog-carousel" role="group" aria-roledescription="carousel" aria-label="Featured stories" {...pauseHandlers}>
      <div className="blog-carousel__viewport" aria-live={paused ? 'polite' : 'off'}>
        {BLOG_CARDS.map((card, i) => (
          <article
            key={card.id}
            className="blog-slide"
            hidden={i !== index}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${BLOG_CARDS.length}`}
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
              <h2>{card.title}</h2>
              <p>{card.description}</p>
              <Link to={card.link} className="btn btn--accent">
                Read more<span className="visually-hidden">: {card.title}</span>
              </Link>
            </div>
          </article>
        ))}
      </div>
      <CarouselControls prevLabel="Previous slide" nextLabel="Next slide" onPrev={prev} onNext={next}>
        <div className="dots">
          {BLOG_CARDS.map((card, i) => (
            <button
              key={card.id}
              type="button"
              className="dot"
              aria-label={`Show slide ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      </CarouselControls>
    </div>
  );
}
