// What every response and request goes through: security headers, CORS, and "POSTs
// carry JSON or nothing".
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
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

const ALWAYS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  // One year. Browsers ignore it over plain http (local development).
  'Strict-Transport-Security': 'max-age=31536000',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** A reset link's token is in the path: it must never leave in a Referer. */
function referrerPolicyFor(path: string): string {
  return /^\/(?:api\/admin\/)?reset-password(?:\/|$)/.test(path) ? 'no-referrer' : 'strict-origin-when-cross-origin';
}

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const extra: Record<string, string> = { ...ALWAYS, 'Referrer-Policy': referrerPolicyFor(c.req.path) };
    // API answers (lead lists, tokens) are never for shared caches or the back button.
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) extra['Cache-Control'] = 'no-store';
    try {
      setMissing(c.res.headers, extra);
    } catch {
      // Immutable headers (a Response made elsewhere): copy it, then set.
      c.res = new Response(c.res.body, c.res);
      setMissing(c.res.headers, extra);
    }
  };
}

function setMissing(headers: Headers, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) if (!headers.has(name)) headers.set(name, value);
}

/** Same origin needs no CORS; CORS_ORIGINS lists any other origin allowed to call the API. */
export function corsPolicy(config: Pick<Config, 'corsOrigins'>): MiddlewareHandler {
  const allowed = new Set(config.corsOrigins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', IDEMPOTENCY_HEADER],
    exposeHeaders: [TOTAL_COUNT_HEADER, 'Retry-After', REPLAYED_HEADER],
    maxAge: 600,
  });
}


/**
 * POST (and any other method with a body) must be application/json: 415 otherwise,
 * before a handler sees it. A POST with no body at all (logout) needs no type.
 */
export function jsonBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS') {
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
