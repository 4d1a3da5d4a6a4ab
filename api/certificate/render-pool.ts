// Certificates are drawn on worker threads, never on the event loop: laying one out (satori)
// and rasterising it (resvg) costs ~100 ms of CPU, and on the main thread every request
// of every visitor waited behind it (measured: /api/health at p50 860 ms while a few sync
// batches of test answers rendered). A small fixed pool, FIFO, one certificate per thread
// at a time; by default one thread fewer than the machine has cores, so the event loop
// keeps one. The queue is bounded: past it a render is refused at once, and the caller
// decides (the mail worker tries that message again later).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CertificateData } from './render.ts';
import type { RenderReply, RenderRequest } from './render-worker.ts';

export class RenderQueueFullError extends Error {
  constructor(limit: number) {
    super(`The certificate render queue is full (${limit} waiting)`);
    this.name = 'RenderQueueFullError';
  }
}

export interface RenderPoolOptions {
  /** Worker threads (default: cores − 1, at least 1). */
  size?: number;
  /** Renders waiting for a thread before new ones are refused. */
  maxQueue?: number;
}

export interface RenderPool {
  render(data: CertificateData): Promise<Buffer>;
  /** Renders waiting for a thread. */
  readonly queued: number;
  /** Threads running now (tests). */
  readonly threads: number;
  /** Stops every thread; waiting and running renders are refused. */
  close(): Promise<void>;
  /** Tests: ends a busy thread as a crash would. */
  crashOneForTest(): Promise<void>;
}

interface Task {
  id: number;
  data: CertificateData;
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
}

// The built server runs the compiled .js beside this file. From the sources (tests, dev)
// the worker is TypeScript: a small bootstrap registers tsx (a dev dependency) in the new
// thread before importing it (Node 20 runs no .ts on its own, and ignores --import in a
// worker's execArgv).
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './render-worker.ts' : './render-worker.js', import.meta.url);

function startWorker(): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER_URL);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const size = Math.max(1, options.size ?? availableParallelism() - 1);
  const maxQueue = options.maxQueue ?? 200;
  const waiting: Task[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const worker = startWorker();
    const slot: Slot = { worker, task: undefined };
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = undefined;
      worker.unref();
      if ('png' in reply) task.resolve(Buffer.from(reply.png));
      else task.reject(new Error(`Certificate rendering failed: ${reply.error}`));
      pump();
    });
    const lost = (reason: string) => {
      const index = slots.indexOf(slot);
      if (index === -1) return;
      slots.splice(index, 1);
      slot.task?.reject(new Error(`Certificate renderer stopped: ${reason}`));
      slot.task = undefined;
      // A replacement takes the queue over.
      pump();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    slots.push(slot);
    return slot;
  };

  const pump = () => {
    if (closed) return;
    while (waiting.length > 0) {
      let slot = slots.find((s) => s.task === undefined);
      if (!slot && slots.length < size) slot = spawn();
      if (!slot) return;
      const task = waiting.shift()!;
      slot.task = task;
      // A busy thread keeps the process alive until its certificate is done; an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, data: task.data } satisfies RenderRequest);
    }
  };

  return {
    render(data) {
      if (closed) return Promise.reject(new Error('The certificate render pool is closed'));
      if (waiting.length >= maxQueue) return Promise.reject(new RenderQueueFullError(maxQueue));
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ id: nextId++, data, resolve, reject });
        pump();
      });
    },
    get queued() {
      return waiting.length;
    },
    get threads() {
      return slots.length;
    },
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.reject(new Error('The certificate render pool is closed'));
      const all = slots.splice(0);
      for (const slot of all) slot.task?.reject(new Error('The certificate render pool is closed'));
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
    async crashOneForTest() {
      const busy = slots.find((s) => s.task !== undefined) ?? slots[0];
      if (busy) await busy.worker.terminate();
    },
  };
}
