// Numbered step cards: the home page's process and the programme pages' approach. A module
// of its own, so the home page does not carry the course and programme sections with it.

export interface Step {
  title: string;
  text: string;
}

/**
 * Cards per row on a desktop for a number of steps, so the last row is never one card
 * alone: 4 and 7 and 8 go four to a row, the rest three.
 */
function stepColumns(count: number): 3 | 4 {
  return count % 4 === 0 || count % 4 === 3 ? 4 : 3;
}

/** Numbered step cards. */
export function StepCards({ steps, testId }: { steps: readonly Step[]; testId: string }) {
  return (
    <ol className={`steps steps--${stepColumns(steps.length)}`} data-testid={testId}>
      {steps.map((s, i) => (
        <li key={s.title} className="card">
          <span className="steps__n" aria-hidden="true">
            {i + 1}
          </span>
          <h3>{s.title}</h3>
          <p>{s.text}</p>
        </li>
      ))}
    </ol>
  );
}
