// wrk (Debian's package) as the HTTP load generator. It is written in C and spends about
// a tenth of a core at this rate where autocannon, in Node, spent close to a third; on a
// 2-core machine that CPU comes straight out of the server being measured, and pgbench,
// the ceiling the API is held to, is a C client too. Request bodies come from a Lua
// script, so every request can carry a new lead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/** Finds wrk, installing Debian's package when running as root; otherwise says how. */
export function ensureWrk(): string {
  if (existsSync(WRK)) return WRK;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('> installing wrk (Debian) for the HTTP benchmarks');
    const r = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null'], {
      stdio: 'inherit',
    });
    if (r.status === 0 && existsSync(WRK)) return WRK;
  }
  throw new Error(`wrk is missing at ${WRK}: run \`sudo apt-get install -y wrk\` (or set WRK_PATH).`);
}

export interface WrkResult {
  requests: number;
  /** How long the run really took, in seconds. */
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Connect, read, write and timeout errors. */
  errors: number;
  non2xx: number;
  /** Lines the script printed as `KEY value` from its done() hook. */
  extra: Record<string, number>;
}

export interface WrkOptions {
  url: string;
  connections: number;
  seconds: number;
  /** Lua: wrk's request() and, optionally, response()/done() hooks. */
  script: string;
}

export function runWrk(options: WrkOptions): WrkResult {
  const dir = mkdtempSync(path.join(tmpdir(), 'wrk-'));
  const script = path.join(dir, 'script.lua');
  writeFileSync(script, options.script);
  // One thread: enough for this rate, and the scripts' counters (lead numbers, batch keys)
  // are per thread, so more threads would repeat them.
  const r = spawnSync(
    ensureWrk(),
    ['-t', '1', '-c', String(options.connections), '-d', `${options.seconds}s`, '--timeout', '10s', '--latency', '-s', script, options.url],
    { encoding: 'utf8' },
  );
  // wrk reports a broken script on stderr and may still exit 0 with no requests sent.
  if (r.status !== 0 || r.stderr.trim() !== '') throw new Error(`wrk failed (exit ${r.status}):\n${r.stderr}${r.stdout}`);
  return parseWrk(r.stdout);
}

/** wrk prints latencies with their own unit (us, ms, s). */
function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n;
}

export function parseWrk(out: string): WrkResult {
  const need = (re: RegExp): RegExpExecArray => {
    const m = re.exec(out);
    if (!m) throw new Error(`could not read wrk's output (${re}):\n${out}`);
    return m;
  };
  const percentile = (p: string) => {
    const m = need(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
    return toMs(m[1]!, m[2]!);
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const extra: Record<string, number> = {};
  for (const m of out.matchAll(/^([A-Z][A-Z0-9_]+) (\d+)$/gm)) extra[m[1]!] = Number(m[2]);
  return {
    requests: Number(need(/(\d+) requests in/)[1]),
    seconds: toMs(...(need(/requests in ([\d.]+)(us|ms|s|m),/).slice(1) as [string, string])) / 1000,
    rps: Number(need(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: percentile('50'),
    p99: percentile('99'),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    extra,
  };
}

/** Lua string literal (the bodies are built in Lua, so fixed parts are quoted once). */
export function luaString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}
