import type { ReactNode } from 'react';
import { IconArrow } from './Icons.tsx';
import './carousels.css';

interface Props {
  /** Accessible names of the two buttons ("Previous testimonial", "Next slide"). */
  prevLabel: string;
  nextLabel: string;
  onPrev: () => void;
  onNext: () => void;
  /** What sits between the buttons: a counter, the dots, or nothing. */
  children?: ReactNode;
}

/** The previous / next row of the carousels and the gallery's video strip. */
export function CarouselControls({ prevLabel, nextLabel, onPrev, onNext, children }: Props) {
  return (
    <div className="carousel__controls">
      <button type="button" className="icon-btn" aria-label={prevLabel} onClick={onPrev}>
        <IconArrow dir="left" />
      </button>
      {children}
      <button type="button" className="icon-btn" aria-label={nextLabel} onClick={onNext}>
        <IconArrow />
      </button>
    </div>
  );
}
