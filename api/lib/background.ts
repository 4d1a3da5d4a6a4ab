// Work a request starts but does not wait for, run one task at a time after the answer
// has gone. For answers that must not reveal what the work found (forgot-password: a
// known admin gets a reset email, an unknown address nothing, and both answers must take
// the same time). Bounded: past `maxQueued` waiting tasks new ones are dropped and logged,
// so a flood of requests cannot queue unbounded work.

export interface BackgroundTasks {
  /** Queues a task; false when the queue is full (the task is dropped). */
  run(name: string, task: () => Promise<void>): boolean;
  /** Resolves when nothing is queued or running (shutdown, tests). */
  idle(): Promise<void>;
  /** Tests: hold tasks in the queue until resume(). */
  pause(): void;
  resume(): void;
}

export function createBackgroundTasks(log: (line: string) => void, maxQueued = 100): BackgroundTasks {
  const queue: Array<{ name: string; task: () => Promise<void> }> = [];
  let running = false;
  let paused = false;
  let waiters: Array<() => void> = [];

  const settle = () => {
    if (running || queue.length > 0) return;
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  const pump = () => {
    if (running || paused) return;
    const next = queue.shift();
    if (!next) return settle();
    running = true;
    // A macrotask later, so the answer that queued the work is on its way first.
    setImmediate(() => {
      next
        .task()
        .catch((err: unknown) => log(`background task ${next.name} failed: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          running = false;
          pump();
        });
    });
  };

  return {
    run(name, task) {
      if (queue.length >= maxQueued) {
        log(`background task ${name} dropped: ${maxQueued} tasks already waiting`);
        return false;
      }
      queue.push({ name, task });
      pump();
      return true;
    },
    idle() {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      pump();
    },
  };
}
