import { describe, expect, it } from 'vitest';
import { whenPageIdle } from './page-idle.ts';

/** A window whose load and background tasks the test runs by hand. */
function fakeWindow(readyState: DocumentReadyState, withScheduler = true) {
  const target = new EventTarget();
  const background: { task: () => void; signal?: AbortSignal }[] = [];
  const win = {
    document: { readyState },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    ...(withScheduler
      ? {
          scheduler: {
            postTask(task: () => void, options: { signal?: AbortSignal }) {
              background.push({ task, signal: options.signal });
              return Promise.resolve();
            },
          },
        }
      : {}),
  };
  return {
    win: win as unknown as Window,
    load: () => {
      win.document.readyState = 'complete';
      target.dispatchEvent(new Event('load'));
    },
    /** Runs the background tasks posted so far that were not aborted, as the browser would. */
    runBackground: () => {
      for (const { task, signal } of background.splice(0)) if (!signal?.aborted) task();
    },
  };
}

describe('whenPageIdle', () => {
  it('waits for the load, then for a background task', () => {
    const page = fakeWindow('interactive');
    const runs: string[] = [];
    whenPageIdle(() => runs.push('task'), page.win);
    page.runBackground();
    expect(runs).toEqual([]);
    page.load();
    expect(runs).toEqual([]);
    page.runBackground();
    expect(runs).toEqual(['task']);
  });

  it('posts the background task at once on a page that has loaded', () => {
    const page = fakeWindow('complete');
    const runs: string[] = [];
    whenPageIdle(() => runs.push('task'), page.win);
    page.runBackground();
    expect(runs).toEqual(['task']);
  });

  it('never runs a task cancelled before the load or before its background turn', () => {
    const early = fakeWindow('loading');
    const late = fakeWindow('loading');
    const runs: string[] = [];
    whenPageIdle(() => runs.push('early'), early.win)();
    const cancelLate = whenPageIdle(() => runs.push('late'), late.win);
    early.load();
    late.load();
    cancelLate();
    early.runBackground();
    late.runBackground();
    expect(runs).toEqual([]);
  });

  it('runs at the load where the browser has no task scheduler', () => {
    const page = fakeWindow('interactive', false);
    const runs: string[] = [];
    whenPageIdle(() => runs.push('task'), page.win);
    expect(runs).toEqual([]);
    page.load();
    expect(runs).toEqual(['task']);
  });
});
