import type { ReactNode } from 'react';

interface Props {
  /** Id of the h2, which labels the section. */
  headingId: string;
  title: ReactNode;
  /** Classes added to `section` (a modifier such as `section--alt`, or the section's own block). */
  className?: string;
  /** Shown beside the title (a button, a link, carousel controls). */
  action?: ReactNode;
  children: ReactNode;
}

/** A page section in a container, labelled by its h2 title. */
export function Section({ headingId, title, className, action, children }: Props) {
  const heading = (
    <h2 id={headingId} className="section__title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={headingId}>
      <div className="container">
        {action ? (
          <div className="section__head">
            {heading}
            {action}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  );
}
