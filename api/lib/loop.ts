// A background round run every `pollMs` on each instance (reminders, digests): a round
// still going (a slow database) is not doubled, a failing one is logged and tried again at
// the next tick, and stop() waits for the round under way.
export interface Loop {
  /** Runs a round now (after the one under way, if any). */
  wake(): void;
  stop(): Promise<void>;
}

export function startLoop(name: string, pollMs: number, round: () => Promise<unknown>, log: (line: string) => void): Loop {
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((err: unknown) => log(`${name}: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, pollMs);
  timer.unref();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
