// A console table's frame, written once: the wrapper that lets a wide table scroll sideways on
// a narrow screen, the caption a screen reader announces, and the one row of column headers.
// Each page writes its own rows, whose cells differ (links, times, a row header).
import type { ReactNode } from 'react';

interface Props {
  /** One per column, in order; a node for a header that is only for screen readers. */
  headers: readonly ReactNode[];
  /** Classes besides console-table (console-table--compact, the page's own). */
  className?: string;
  /** What the table lists, read out by screen readers only. */
  caption?: string;
  /** False for a table that sits in a block that sizes it (a session's list, a compact summary). */
  scrolls?: boolean;
  testId?: string;
  /** The body's rows. */
  children: ReactNode;
}

export function ConsoleTable({ headers, className, caption, scrolls = true, testId, children }: Props) {
  const table = (
    <table className={className ? `console-table ${className}` : 'console-table'} data-testid={testId}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {headers.map((header, i) => (
            // The headers are fixed per table: their place is their identity.
            <th key={i} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return scrolls ? <div className="console-table-wrap">{table}</div> : table;
}
