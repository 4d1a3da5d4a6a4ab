// The faces of a console read (./use-admin-data.ts) in one place: a loading line (or a
// skeleton) until the first answer, the failure with Try again, the empty state's sentence,
// or the data — which stays on screen while a reload fetches again.
import type { ReactNode } from 'react';
import { ErrorNotice } from './controls.tsx';
import type { Loaded } from './use-admin-data.ts';

/** The overview's, My day's and the reports' placeholder while a chart's first answer comes. */
export const CHART_SKELETON = (
  <div className="console-skeleton console-skeleton--chart" role="progressbar" aria-busy="true" aria-label="Loading" />
);

interface Props<T> {
  loaded: Loaded<T>;
  onRetry: () => void;
  /** Until the first answer: a sentence ("Loading sessions…") or an element such as CHART_SKELETON. */
  loading?: string | ReactNode;
  /** The sentence to show when the answer holds nothing to list; false or undefined otherwise. */
  empty?: (data: T) => string | false | undefined;
  children: (data: T) => ReactNode;
}

export function LoadState<T>({ loaded, onRetry, loading = 'Loading…', empty, children }: Props<T>) {
  if (loaded.state === 'error') return <ErrorNotice message={loaded.message} onRetry={onRetry} />;
  if (loaded.data === undefined) return typeof loading === 'string' ? <p aria-busy="true">{loading}</p> : <>{loading}</>;
  const nothing = empty?.(loaded.data);
  if (nothing) {
    return (
      <p className="console-empty" role="status">
        {nothing}
      </p>
    );
  }
  return <>{children(loaded.data)}</>;
}
