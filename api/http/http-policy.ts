// What every response and request goes through: security headers, CORS, and "POSTs
// carry JSON or nothing".
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../contract/api.ts';
import { TOTAL_COUNT_HEADER } from '../../contract/admin.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { Config } from '../config.ts';
import { HttpError, isJsonType } from './http.ts';

/**
 * The PWA is a Vite build: scripts and the service worker from our origin only, no inline
 * scripts; inline style attributes (React `style={...}`) are allowed; images and fonts
 * may be inlined as data: URIs by the build; blob: for media and generated images.
 * Video embeds are allowed from YouTube's privacy-enhanced host only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-src 'self' https://www.youtube-nocookie.com",
].join('; ');

/** Response headers in the order they are set. */
type HeaderList = ReadonlyArray<readonly [string, string]>;

const ALWAYS: HeaderList = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  // One year. Browsers ignore it over plain http (local development).
  ['Strict-Transport-Security', 'max-age=31536000'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

/** A reset link's token is in the path: it must never leave in a Referer. */
const RESET_PATH = /^\/(?:api\/admin\/)?reset-password(?:\/|$)/;

/** The default headers for a path, built once per kind of path. */
const DEFAULTS = {
  page: [...ALWAYS, ['Referrer-Policy', 'strict-origin-when-cross-origin']],
  // API answers (lead lists, tokens) are never for shared caches or the back button.
  api: [...ALWAYS, ['Referrer-Policy', 'strict-origin-when-cross-origin'], ['Cache-Control', 'no-store']],
  resetPage: [...ALWAYS, ['Referrer-Policy', 'no-referrer']],
  resetApi: [...ALWAYS, ['Referrer-Policy', 'no-referrer'], ['Cache-Control', 'no-store']],
} satisfies Record<string, HeaderList>;

function defaultsFor(path: string): HeaderList {
  const api = path === '/api' || path.startsWith('/api/');
  if (RESET_PATH.test(path)) return api ? DEFAULTS.resetApi : DEFAULTS.resetPage;
  return api ? DEFAULTS.api : DEFAULTS.page;
}

/**
 * Every answer carries these unless its handler set its own. On the Node server they go
 * onto the outgoing message before the handler runs: `writeHead` merges them and lets the
 * handler's headers win, and a JSON answer stays on the adapter's plain-object fast path
 * (editing `c.res.headers` afterwards builds a Headers object per answer: about 5% of the
 * CPU of a lead POST). Elsewhere (in-process `app.request` in tests) they are added to the
 * finished answer, with the same result.
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => withDefaultHeaders(c, next, defaultsFor(c.req.path));
}

/** Runs the rest of the chain so that its answer carries `defaults` unless it set them itself. */
async function withDefaultHeaders(c: Context, next: Next, defaults: HeaderList): Promise<void> {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing) {
    for (const [name, value] of defaults) outgoing.setHeader(name, value);
    return next();
  }
  await next();
  editHeaders(c, (headers) => setMissing(headers, defaults));
}

/** Edits the answer's headers, copying the answer first if they are immutable (a fetched Response). */
function editHeaders(c: Context, edit: (headers: Headers) => void): void {
  try {
    edit(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    edit(c.res.headers);
  }
}

function setMissing(headers: Headers, values: HeaderList): void {
  for (const [name, value] of values) if (!headers.has(name)) headers.set(name, value);
}

const VARY_ORIGIN: HeaderList = [['Vary', 'Origin']];

/**
 * Same origin needs no CORS; CORS_ORIGINS lists any other origin allowed to call the API.
 * Written here rather than with hono/cors because that one touches the response before the
 * handler runs (to add Access-Control-Expose-Headers even to same-origin calls), which makes
 * Hono copy every answer into a full Response: measured at about a fifth of the CPU time of
 * a lead POST. Here the headers go the way of the security headers (no API handler sets
 * Vary or CORS headers of its own), and without CORS_ORIGINS nothing happens at all.
 */
export function corsPolicy(config: Pick<Config, 'corsOrigins'>): MiddlewareHandler {
  const allowed = new Set(config.corsOrigins);
  const allowMethods = 'GET,HEAD,POST,OPTIONS';
  const allowHeaders = ['Content-Type', 'Authorization', IDEMPOTENCY_HEADER].join(',');
  const exposeHeaders = [TOTAL_COUNT_HEADER, 'Retry-After', REPLAYED_HEADER].join(',');
  return async (c, next) => {
    if (allowed.size === 0) return next();
    const origin = c.req.header('origin');
    const ok = origin !== undefined && allowed.has(origin);
    if (c.req.method === 'OPTIONS') {
      // A preflight: answered here, whatever the path.
      const headers: Record<string, string> = { Vary: 'Origin, Access-Control-Request-Headers' };
      if (ok) {
        headers['Access-Control-Allow-Origin'] = origin;
        headers['Access-Control-Allow-Methods'] = allowMethods;
        headers['Access-Control-Allow-Headers'] = allowHeaders;
        headers['Access-Control-Max-Age'] = '600';
      }
      return c.body(null, 204, headers);
    }
    return withDefaultHeaders(
      c,
      next,
      ok
        ? [
            ['Vary', 'Origin'],
            ['Access-Control-Allow-Origin', origin],
            ['Access-Control-Expose-Headers', exposeHeaders],
          ]
        : VARY_ORIGIN,
    );
  };
}

/**
 * POST (and any other method with a body) must be application/json: 415 otherwise,
 * before a handler sees it. A POST with no body at all (logout) needs no type.
 */
export function jsonBodiesOnly(options: { except?: RegExp } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS' && !options.except?.test(c.req.path)) {
      const type = c.req.header('content-type');
      const length = c.req.header('content-length');
      const hasBody = c.req.header('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
      if ((type !== undefined || hasBody) && !isJsonType(type)) {
        throw new HttpError(415, API_MESSAGES.unsupportedMediaType);
      }
    }
    await next();
  };
}
