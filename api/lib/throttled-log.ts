// A log for things that fail many times a second in an outage (a lost database, every
// request's rate-limit check): one line per interval at most, with how many were left out.
export function throttledLog(log: ((line: string) => void) | undefined, intervalMs = 1_000): (line: string) => void {
  let last = -Infinity;
  let skipped = 0;
  return (line) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      skipped++;
      return;
    }
    last = now;
    log?.(skipped > 0 ? `${line} (and ${skipped} more since the last report)` : line);
    skipped = 0;
  };
}
