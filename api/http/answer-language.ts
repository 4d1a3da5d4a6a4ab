// The public API answers a visitor in the language of their form: when the request's
// Accept-Language prefers Hindi (the PWA's outbox sends the form's language with every
// attempt), the messages in a JSON answer — `message`, each of `errors`, and each result
// of a batch — are given in Hindi from the contract's table (contract/messages-hi.ts), so
// the words are the same ones the form itself shows. The console stays English: its
// paths are left alone whatever a browser's own Accept-Language says.
import type { MiddlewareHandler } from 'hono';
import { hindiMessage } from '../../contract/messages-hi.ts';

/** The language the header prefers most ('hi-IN;q=1, en;q=0.8' → 'hi'); undefined without one. */
export function preferredLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let best: { lang: string; q: number } | undefined;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    const lang = tag.trim().toLowerCase().split('-')[0] ?? '';
    if (!lang || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang;
}

const say = (value: unknown) => (typeof value === 'string' ? (hindiMessage(value) ?? value) : value);

/** The body with its messages in Hindi; the same object when nothing in it needed saying again. */
export function inHindi(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const out: Record<string, unknown> = { ...record };
  if ('message' in record) out.message = say(record.message);
  if (record.errors && typeof record.errors === 'object' && !Array.isArray(record.errors)) {
    out.errors = Object.fromEntries(Object.entries(record.errors).map(([field, m]) => [field, say(m)]));
  }
  if (Array.isArray(record.results)) {
    out.results = record.results.map((r: unknown) =>
      r && typeof r === 'object' && 'body' in r ? { ...(r as object), body: inHindi((r as { body: unknown }).body) } : r,
    );
  }
  return out;
}

export function answerInLanguage(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/admin') || preferredLanguage(c.req.header('accept-language')) !== 'hi') return;
    if (!(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
    let body: unknown;
    try {
      body = await c.res.clone().json();
    } catch {
      return;
    }
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    headers.set('Content-Language', 'hi');
    headers.append('Vary', 'Accept-Language');
    const status = c.res.status;
    // Setting c.res copies the old answer's headers onto the new one (its Content-Length
    // among them); clearing it first makes the new answer whole (Hono's documented reset).
    c.res = undefined;
    c.res = new Response(JSON.stringify(inHindi(body)), { status, headers });
  };
}
