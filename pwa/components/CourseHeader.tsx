import type { CourseHeader as Header } from '../content/types.ts';
import { useSectionWords } from './useSectionWords.ts';

interface Props {
  header: Header;
  showInfoGrid?: boolean;
  /** Opens the booking form: the route composes it in. */
  onBuy: () => void;
}

/** Badge, title, description, image, 'Buy now' and the info grid (spec §2). */
export function CourseHeader({ header, showInfoGrid = true, onBuy }: Props) {
  const w = useSectionWords();
  const info = [
    [w.jobAssistance, header.jobAssistance],
    [w.startDate, header.startDate],
    [w.duration, header.duration],
    [w.mode, header.mode],
    [w.language, header.language],
  ] as const;
  return (
    <section className="course-hero">
      <div className="container split">
        <div>
          <span className="badge" data-testid="badge">
            {header.badge}
          </span>
          <h1 className="course-hero__title">{header.title}</h1>
          <p className="lead">{header.description}</p>
          {header.price && (
            <p className="course-hero__price">
              {w.startsAt} <strong data-testid="price">{header.price}</strong>
            </p>
          )}
          <button type="button" className="btn btn--accent" onClick={onBuy}>
            {w.buyNow}
          </button>
        </div>
        <img
          className="course-hero__img"
          src={header.image.src}
          alt={header.image.alt}
          width={header.image.width}
          height={header.image.height}
          fetchPriority="high"
        />
      </div>
      {showInfoGrid && (
        <div className="container">
          <dl className="info-grid" data-testid="info-grid">
            {info.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}
