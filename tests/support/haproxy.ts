// A real load balancer for the multi-instance suite: Debian's HAProxy in front of API
// instances, round robin, with active health checks (a dead instance leaves the rotation
// within a second) and a retry on another instance when a connection fails or an
// instance dies before answering. Retrying a POST is safe here because every submission
// carries its Idempotency-Key; that is exactly what the suite proves.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export interface LoadBalancer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export function haproxyConfig(port: number, backends: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  # The client address for TRUST_PROXY: appended to X-Forwarded-For.',
    '  option forwardfor',
    '  option redispatch',
    '  retries 3',
    '  retry-on conn-failure empty-response',
    'frontend site',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    '  default-server inter 300ms fall 2 rise 2',
    ...backends.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}

export async function startHaproxy(port: number, backends: number[]): Promise<LoadBalancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(port, backends));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration: ${check.stderr}`);
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Up when it answers health through a backend.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${out}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not route to a backend in 30 s: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
