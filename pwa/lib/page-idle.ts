// Work the first screen does not need waits until the page has loaded and the browser has
// nothing more urgent to do: on a slow phone it would otherwise compete with the first
// paint and with hydration for the one busy main thread.

/** Chromium's task scheduler (not yet in TypeScript's DOM types). */
interface TaskScheduler {
  postTask(task: () => void, options: { priority: 'background'; signal?: AbortSignal }): Promise<void>;
}

/**
 * Runs `task` once the page has loaded, as a background-priority task (after everything
 * more urgent) where the browser has a task scheduler, else at once after the load. The
 * result cancels it.
 */
export function whenPageIdle(task: () => void, win: Window = window): () => void {
  const abort = new AbortController();
  const schedule = () => {
    const scheduler = (win as Window & { scheduler?: TaskScheduler }).scheduler;
    if (scheduler) scheduler.postTask(task, { priority: 'background', signal: abort.signal }).catch(() => undefined);
    else if (!abort.signal.aborted) task();
  };
  if (win.document.readyState === 'complete') schedule();
  else win.addEventListener('load', schedule, { once: true, signal: abort.signal });
  return () => abort.abort();
}
