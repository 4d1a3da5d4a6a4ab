// Configuration from environment variables, read once at start. Every variable is listed
// in the README's table; defaults are the embedded, zero-setup ones.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  /** Set: Postgres through `pg`. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The built PWA (vite's outDir). */
  staticDir: string;
  /** Absolute origin the site is reached at; links in emails are built from it, never from Host. */
  publicUrl: string;
  production: boolean;
  /** Seconds to let in-flight requests finish on SIGTERM before closing connections. */
  shutdownGraceSeconds: number;
}

const PROJECT_ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/server/') ? '../../../' : '../', import.meta.url));

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intVar(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(?:ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL (got "${publicUrl}")`);
  }
  return {
    port,
    host,
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || path.join(PROJECT_ROOT, 'data')),
    staticDir: path.resolve(env.STATIC_DIR || path.join(PROJECT_ROOT, 'dist', 'pwa')),
    publicUrl,
    production: env.NODE_ENV === 'production',
    shutdownGraceSeconds: intVar(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 300),
  };
}
