// Personality-test certificate and scoring speed, in this process (no server, no database):
//   1. renderCertificatePng: median and p90 wall time over RENDERS renders after warm-up,
//      each with a different id, name and answers, like real submissions; and the median
//      CPU time of the process per render (all threads: satori on the main thread, resvg on
//      the libuv pool), which stays honest when other work shares the machine.
//   2. scoreAnswers: median time to score one submission, and the same for validating the
//      request body with the contract schema (the API does both per submission).
// Run alone with `npx tsx bench/certificate.ts`, or through benchCertificate().
import { pathToFileURL } from 'node:url';
import { renderCertificatePng } from '../api/certificate/render.ts';
import { QUIZ_ITEM_IDS } from '../contract/quiz/items.ts';
import type { QuizAnswers, QuizOptionIndex } from '../contract/quiz/options.ts';
import { quizAnswersSchema } from '../contract/quiz/schema.ts';
import { scoreAnswers } from '../contract/quiz/scoring.ts';

const RENDERS = Number(process.env.BENCH_CERT_RENDERS ?? 20);
const WARMUP = 3;
export const RENDER_TARGET_MS = 150;

export interface CertificateBenchResult {
  renders: number;
  renderMedianMs: number;
  renderP90Ms: number;
  renderCpuMedianMs: number;
  scoreMedianUs: number;
  validateMedianUs: number;
}

const NAMES = ['Priya Sharma', 'राहुल शर्मा', 'Mohammed Faizan Qureshi', 'Ananya Iyer', 'Gurpreet Kaur Sandhu'];

function answersFor(seed: number): QuizAnswers {
  return Object.fromEntries(QUIZ_ITEM_IDS.map((id, i) => [id, ((i * 7 + seed * 3) % 4) as QuizOptionIndex]));
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** Per-call time in µs, measured over batches so timer resolution does not dominate. */
async function perCallMedianUs(fn: (i: number) => unknown, batches = 50, perBatch = 200): Promise<number> {
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    for (let i = 0; i < perBatch; i++) await fn(b * perBatch + i);
    samples.push(((performance.now() - start) * 1000) / perBatch);
  }
  return quantile(samples, 0.5);
}

export async function benchCertificate(): Promise<CertificateBenchResult> {
  const submissions = Array.from({ length: 8 }, (_, i) => answersFor(i));
  const render = (i: number) =>
    renderCertificatePng({
      certificateId: `SU-2026-BENCH-${String(i).padStart(4, '0')}`,
      name: NAMES[i % NAMES.length]!,
      language: i % 2 ? 'hinglish' : 'english',
      issuedAt: new Date(),
      result: scoreAnswers(submissions[i % submissions.length]!),
      verifyUrl: `https://skillupacademy.in/verify/SU-2026-BENCH-${String(i).padStart(4, '0')}`,
    });

  for (let i = 0; i < WARMUP; i++) await render(i);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    await render(WARMUP + i);
    const { user, system } = process.cpuUsage(used);
    times.push(performance.now() - start);
    cpu.push((user + system) / 1000);
  }

  const scoreMedianUs = await perCallMedianUs((i) => scoreAnswers(submissions[i % submissions.length]!));
  const body = (i: number) => ({
    name: 'Priya Sharma',
    email: 'priya@example.in',
    answers: submissions[i % submissions.length],
    language: 'english',
  });
  const validateMedianUs = await perCallMedianUs(
    (i) => quizAnswersSchema.validate(body(i), { abortEarly: false, stripUnknown: true }),
    20,
    100,
  );

  return {
    renders: RENDERS,
    renderMedianMs: quantile(times, 0.5),
    renderP90Ms: quantile(times, 0.9),
    renderCpuMedianMs: quantile(cpu, 0.5),
    scoreMedianUs,
    validateMedianUs,
  };
}

export function printCertificateBench(r: CertificateBenchResult): void {
  const ok = r.renderMedianMs < RENDER_TARGET_MS;
  console.log('\n== Personality test: certificate and scoring (in process) ==');
  console.log(
    `certificate render (1600x1131 PNG), ${r.renders} renders: median ${r.renderMedianMs.toFixed(1)} ms, ` +
      `p90 ${r.renderP90Ms.toFixed(1)} ms, CPU median ${r.renderCpuMedianMs.toFixed(1)} ms`,
  );
  console.log(
    `ratio median/target: ${(r.renderMedianMs / RENDER_TARGET_MS).toFixed(2)} (target < ${RENDER_TARGET_MS} ms) ${ok ? 'PASS' : 'MISS'}`,
  );
  console.log(`scoreAnswers, one submission:     median ${r.scoreMedianUs.toFixed(2)} µs`);
  console.log(`quizAnswersSchema.validate, one:  median ${r.validateMedianUs.toFixed(2)} µs`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printCertificateBench(await benchCertificate());
}
