import type { Testimonial } from '../content/types.ts';
import { useChrome } from '../i18n/LangContext.tsx';
import { useAutoAdvance } from '../hooks/useAutoAdvance.ts';
import { CarouselControls } from './CarouselControls.tsx';
import { Section } from './Section.tsx';
import './carousels.css';

/** Spec §9: rotation every 5000 ms, previous / next, wrapping around. */
export const TESTIMONIAL_MS = 5000;

interface Props {
  items: Testimonial[];
  title?: string;
}

export function TestimonialCarousel({ items, title }: Props) {
  const words = useChrome();
  const heading = title ?? words.testimonialsTitle;
  const { ref, index, next, prev, paused, pauseHandlers } = useAutoAdvance(items.length, TESTIMONIAL_MS);
  const t = items[index]!;
  return (
    <Section headingId="testimonials-h" title={heading} className="testimonials">
      <div
        ref={ref}
        className="testimonials__carousel"
        role="group"
        aria-roledescription="carousel"
        aria-label={heading}
        {...pauseHandlers}
      >
        <figure className="testimonial card" aria-live={paused ? 'polite' : 'off'} data-testid="testimonial">
          <img src={t.image} alt="" width={72} height={72} loading="lazy" decoding="async" className="testimonial__img" />
          <blockquote>
            <p>“{t.review}”</p>
          </blockquote>
          <figcaption>
            <strong data-testid="testimonial-name">{t.name}</strong>
            <span>{t.company}</span>
          </figcaption>
        </figure>
        <CarouselControls prevLabel={words.prevTestimonial} nextLabel={words.nextTestimonial} onPrev={prev} onNext={next}>
          <span className="carousel__count">
            {index + 1} / {items.length}
          </span>
        </CarouselControls>
      </div>
    </Section>
  );
}
