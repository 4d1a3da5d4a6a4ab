// Open-loop load for fault tests: submissions start at a fixed rate whatever the server
// does (as phones do), and each one is retried like the PWA's outbox retries it (same
// Idempotency-Key, on no answer, 408, 409, 425, 429 and 5xx) until it gets a final answer
// or the deadline passes. Records every answer, so a test can say what the server did
// while a fault lasted and check the database against what was acknowledged.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { isFinalStatus } from '../../contract/api.ts';

export interface Submission {
  key: string;
  path: string;
  body: unknown;
}

export interface Attempt {
  key: string;
  /** 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  /** Milliseconds from sending to the answer (or the failure). */
  ms: number;
  /** Date.now() when the attempt started. */
  at: number;
  error?: string;
}

export interface LoadReport {
  submitted: Submission[];
  attempts: Attempt[];
  /** Final answer per key; missing when the deadline passed first. */
  final: Map<string, { status: number; body: unknown }>;
}

export interface LoadOptions {
  baseUrl: string;
  perSecond: number;
  durationMs: number;
  make: (i: number) => { path: string; body: unknown };
  /** Retries stop this long after the last submission started. */
  settleMs?: number;
  /** Per-attempt time limit (the outbox's is 20 s; faults here must answer much sooner). */
  timeoutMs?: number;
  /** Pause before a retry. */
  retryDelayMs?: number;
}

export async function driveLoad(options: LoadOptions): Promise<LoadReport> {
  const { baseUrl, perSecond, durationMs, make } = options;
  const settleMs = options.settleMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const report: LoadReport = { submitted: [], attempts: [], final: new Map() };
  const start = Date.now();
  const deadline = start + durationMs + settleMs;
  const total = Math.round((perSecond * durationMs) / 1000);
  // Idle sockets closed before the server's keep-alive timeout (5 s) can close one under a request.
  const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });

  const one = async (submission: Submission): Promise<void> => {
    while (Date.now() < deadline) {
      const at = Date.now();
      let status = 0;
      let body: unknown;
      let error: string | undefined;
      try {
        ({ status, body } = await post(agent, baseUrl + submission.path, submission, timeoutMs));
      } catch (err) {
        error = (err as Error).message;
      }
      report.attempts.push({ key: submission.key, status, ms: Date.now() - at, at, ...(error ? { error } : {}) });
      if (status !== 0 && isFinalStatus(status)) {
        report.final.set(submission.key, { status, body });
        return;
      }
      await new Promise((r) => setTimeout(r, retryDelayMs));
    }
  };

  const running: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    // Open loop: submission i starts at its scheduled time, late or not.
    const due = start + (i * 1000) / perSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const { path, body } = make(i);
    const submission = { key: `load-${i}-${randomUUID()}`, path, body };
    report.submitted.push(submission);
    running.push(one(submission));
  }
  await Promise.all(running);
  agent.destroy();
  return report;
}

/**
 * One POST with node:http on a keep-alive agent. Not fetch: on a slow day the load generator
 * shares two cores with the server and Postgres, and fetch cost it as much CPU as the server
 * spent answering (about 40% of a core each at 200 POSTs/s with their retries), which the
 * server's answers then waited behind.
 */
function post(agent: http.Agent, url: string, submission: Submission, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(submission.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), 'Idempotency-Key': submission.key },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Count of attempts by status (0: no answer). */
export function statusCounts(attempts: Attempt[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of attempts) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

/** Counts by status, and for attempts that got no answer, how they failed: for assertion messages. */
export function describeAttempts(attempts: Attempt[]): string {
  const errors: Record<string, number> = {};
  for (const a of attempts) if (a.status === 0) errors[a.error ?? '?'] = (errors[a.error ?? '?'] ?? 0) + 1;
  return JSON.stringify({ statuses: statusCounts(attempts), noAnswer: errors });
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
