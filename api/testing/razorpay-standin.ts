// A stand-in for Razorpay's Payment Links API on 127.0.0.1, answering as its documentation
// says (POST /v1/payment_links, GET /v1/payment_links/{id}, GET /v1/payment_links?reference_id=)
// and checking what it receives as Razorpay would (Basic auth, an integer amount in paise,
// INR, a unique reference_id), so the product's own HTTP client is what a test exercises.
// It also pays a link and signs the webhook for it as Razorpay does (hex HMAC-SHA256 of the raw body).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CreatedLink {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  status: 'created' | 'paid' | 'partially_paid' | 'expired' | 'cancelled';
  short_url: string;
  description: string;
  customer: Record<string, string>;
  notes: Record<string, string>;
  expire_by: number;
  callback_url: string;
  callback_method: string;
  created_at: number;
  payments: Array<{ payment_id: string; amount: number; method: string; created_at: number; status: string; plink_id: string }>;
}

/** How the stand-in answers POST /v1/payment_links: as documented, 500, never, or making the link and never answering. */
export type StandInMode = 'ok' | 'error-500' | 'hang' | 'make-then-hang';

export interface RazorpayStandIn {
  url: string;
  keyId: string;
  keySecret: string;
  mode: StandInMode;
  links: Map<string, CreatedLink>;
  /** Every request's method, path and parsed body, in order. */
  requests: Array<{ method: string; path: string; body: unknown; auth: string | undefined }>;
  /** Every refusal the stand-in gave (401, 400), with Razorpay's description. */
  refusals: string[];
  /** Marks a link paid (a payment of `amount` paise, by default the link's) and returns the payment entity. */
  pay(linkId: string, options?: { amount?: number; method?: string; currency?: string }): PaymentEntity;
  close(): Promise<void>;
}

export interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured';
  method: string;
  created_at: number;
}

const rid = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 14)}`;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
const badRequest = (res: ServerResponse, description: string) =>
  send(res, 400, {
    error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' },
  });

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** What Razorpay checks of a new link before it makes one; the problem's description, or undefined. */
function problemOf(body: Record<string, unknown>, links: Map<string, CreatedLink>): string | undefined {
  if (!Number.isInteger(body.amount) || (body.amount as number) < 100) return 'The amount must be atleast INR 1.00';
  if (body.currency !== 'INR') return 'The currency must be INR';
  if (typeof body.reference_id !== 'string' || body.reference_id.length > 40) return 'The reference id must be at most 40 characters';
  for (const l of links.values()) if (l.reference_id === body.reference_id) return 'Payment Link with given reference_id already exists';
  return undefined;
}

export async function startRazorpayStandIn(keyId = 'rzp_test_standin', keySecret = 'standin-secret'): Promise<RazorpayStandIn> {
  const links = new Map<string, CreatedLink>();
  const sockets = new Set<Socket>();
  const standIn = { url: '', keyId, keySecret, mode: 'ok' as StandInMode, links, requests: [], refusals: [] } as unknown as RazorpayStandIn;
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const create = (body: Record<string, unknown>): CreatedLink => {
    const id = rid('plink');
    const link: CreatedLink = {
      id,
      amount: body.amount as number,
      amount_paid: 0,
      currency: 'INR',
      reference_id: body.reference_id as string,
      status: 'created',
      short_url: `https://rzp.io/i/${id.slice(6, 14)}`,
      description: String(body.description ?? ''),
      customer: (body.customer as Record<string, string>) ?? {},
      notes: (body.notes as Record<string, string>) ?? {},
      expire_by: Number(body.expire_by ?? 0),
      callback_url: String(body.callback_url ?? ''),
      callback_method: String(body.callback_method ?? ''),
      created_at: Math.floor(Date.now() / 1000),
      payments: [],
    };
    links.set(id, link);
    return link;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const body = await bodyOf(req);
      standIn.requests.push({ method: req.method ?? '', path: url.pathname + url.search, body, auth: req.headers.authorization });
      if (req.headers.authorization !== expectedAuth) {
        standIn.refusals.push('Authentication failed');
        return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_links') {
        if (standIn.mode === 'hang') return; // never answers; closed with the server
        if (standIn.mode === 'error-500')
          return send(res, 500, { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble' } });
        if (typeof body !== 'object' || body === null) return badRequest(res, 'The request body is not JSON');
        const problem = problemOf(body as Record<string, unknown>, links);
        if (problem) {
          standIn.refusals.push(problem);
          return badRequest(res, problem);
        }
        const link = create(body as Record<string, unknown>);
        if (standIn.mode === 'make-then-hang') return; // the link exists; its answer never comes
        return send(res, 200, link);
      }
      const one = /^\/v1\/payment_links\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const link = links.get(one[1]!);
        return link ? send(res, 200, link) : badRequest(res, 'The id provided does not exist');
      }
      if (req.method === 'GET' && (url.pathname === '/v1/payment_links' || url.pathname === '/v1/payment_links/')) {
        const reference = url.searchParams.get('reference_id');
        return send(res, 200, { payment_links: [...links.values()].filter((l) => reference === null || l.reference_id === reference) });
      }
      return send(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
    })();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.pay = (linkId, options = {}) => {
    const link = links.get(linkId);
    if (!link) throw new Error(`no link ${linkId}`);
    const payment: PaymentEntity = {
      id: rid('pay'),
      entity: 'payment',
      amount: options.amount ?? link.amount,
      currency: options.currency ?? 'INR',
      status: 'captured',
      method: options.method ?? 'upi',
      created_at: Math.floor(Date.now() / 1000),
    };
    link.amount_paid += payment.amount;
    link.status = link.amount_paid >= link.amount ? 'paid' : 'partially_paid';
    link.payments.push({
      payment_id: payment.id,
      amount: payment.amount,
      method: payment.method,
      created_at: payment.created_at,
      status: 'captured',
      plink_id: link.id,
    });
    return payment;
  };
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return standIn;
}

/** A payment_link.* event as Razorpay sends it: the body, and its headers signed with the webhook secret. */
export function razorpayEvent(
  secret: string,
  event: string,
  link: CreatedLink | Record<string, unknown>,
  payment?: PaymentEntity | Record<string, unknown>,
  eventId: string = rid('evt'),
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_StandIn0000001',
    event,
    contains: payment ? ['payment_link', 'order', 'payment'] : ['payment_link'],
    payload: { payment_link: { entity: link }, ...(payment ? { payment: { entity: payment } } : {}) },
    created_at: Math.floor(Date.now() / 1000),
  });
  return { body, headers: signedHeaders(secret, body, eventId) };
}

export function signedHeaders(secret: string, body: string, eventId: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-Razorpay-Signature': createHmac('sha256', secret).update(body).digest('hex'),
    'X-Razorpay-Event-Id': eventId,
  };
}
