// A stand-in for Cashfree's Payment Links API on 127.0.0.1, answering as its documentation
// says (POST /pg/links, GET /pg/links/{link_id}, its orders and their payments) and checking
// what it receives (x-client-id/x-client-secret, x-api-version, rupees, INR, a unique
// link_id); it pays a link and signs the webhook as Cashfree does (base64 HMAC-SHA256 of
// x-webhook-timestamp + the raw body, with the secret key).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CashfreeLink {
  cf_link_id: number;
  link_id: string;
  link_status: 'ACTIVE' | 'PAID' | 'PARTIALLY_PAID' | 'EXPIRED' | 'CANCELLED';
  link_amount: number;
  link_amount_paid: number;
  link_currency: string;
  link_url: string;
  link_purpose: string;
  link_meta: { return_url?: string };
  orders: Array<{
    order_id: string;
    order_status: string;
    payment: {
      cf_payment_id: number;
      payment_amount: number;
      payment_group: string;
      payment_method: Record<string, Record<string, unknown>>;
      payment_time: string;
    };
  }>;
}

export interface CashfreeStandIn {
  url: string;
  appId: string;
  secretKey: string;
  links: Map<string, CashfreeLink>;
  requests: Array<{ method: string; path: string; body: unknown; headers: Record<string, string | string[] | undefined> }>;
  refusals: string[];
  pay(linkId: string, options?: { rupees?: number; group?: string }): { orderId: string; paymentId: number };
  close(): Promise<void>;
}

/** The payment_method object Cashfree's payment entity carries for a payment_group (its documented shapes). */
function paymentMethodObject(group: string): Record<string, Record<string, unknown>> {
  if (group.startsWith('upi')) return { upi: { channel: 'collect', upi_id: 'kavya@okaxis' } };
  if (group.endsWith('card'))
    return { card: { channel: 'link', card_number: 'XXXXXXXXXXXX1111', card_network: 'visa', card_type: group, card_bank_name: 'HDFC' } };
  if (group === 'net_banking') return { netbanking: { channel: 'link', netbanking_bank_code: 3021, netbanking_bank_name: 'HDFC Bank' } };
  if (group === 'wallet') return { app: { channel: 'link', provider: 'paytm', phone: '9876512346' } };
  return { [group]: { channel: 'link' } };
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startCashfreeStandIn(appId = 'TEST-cf-app-standin', secretKey = 'cfsk_standin_secret'): Promise<CashfreeStandIn> {
  const links = new Map<string, CashfreeLink>();
  let serial = 1;
  const standIn = { url: '', appId, secretKey, links, requests: [], refusals: [] } as unknown as CashfreeStandIn;
  const refuse = (res: ServerResponse, status: number, message: string) => {
    standIn.refusals.push(message);
    send(res, status, { message, code: 'request_failed', type: 'invalid_request_error' });
  };
  const server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const path = req.url ?? '/';
    standIn.requests.push({ method: req.method ?? '', path, body, headers: req.headers });
    if (req.headers['x-client-id'] !== appId || req.headers['x-client-secret'] !== secretKey)
      return refuse(res, 401, 'authentication Failed');
    if (!req.headers['x-api-version']) return refuse(res, 400, 'x-api-version missing');
    if (req.method === 'POST' && path === '/pg/links') {
      const b = body as Record<string, unknown>;
      if (typeof b.link_amount !== 'number' || b.link_amount < 1)
        return refuse(res, 400, 'link_amount : must be a number of rupees, at least 1');
      if (b.link_currency !== 'INR') return refuse(res, 400, 'link_currency : should be INR');
      if (typeof b.link_id !== 'string' || links.has(b.link_id)) return refuse(res, 409, 'link_id already exists');
      const link: CashfreeLink = {
        cf_link_id: serial++,
        link_id: b.link_id,
        link_status: 'ACTIVE',
        link_amount: b.link_amount,
        link_amount_paid: 0,
        link_currency: 'INR',
        link_url: `https://payments-test.cashfree.com/links/o${serial}x${b.link_id.slice(3, 9)}`,
        link_purpose: String(b.link_purpose ?? ''),
        link_meta: (b.link_meta as CashfreeLink['link_meta']) ?? {},
        orders: [],
      };
      links.set(link.link_id, link);
      const { orders: _o, ...entity } = link;
      void _o;
      return send(res, 200, entity);
    }
    const m = /^\/pg\/links\/([^/]+)(\/orders)?$/.exec(path);
    if (req.method === 'GET' && m) {
      const link = links.get(decodeURIComponent(m[1]!));
      if (!link) return refuse(res, 404, 'link does not exist');
      if (m[2])
        return send(
          res,
          200,
          link.orders.map((o) => ({ order_id: o.order_id, order_status: o.order_status })),
        );
      const { orders: _o, ...entity } = link;
      void _o;
      return send(res, 200, entity);
    }
    const p = /^\/pg\/orders\/([^/]+)\/payments$/.exec(path);
    if (req.method === 'GET' && p) {
      const order = [...links.values()].flatMap((l) => l.orders).find((o) => o.order_id === p[1]);
      if (!order) return refuse(res, 404, 'order does not exist');
      return send(res, 200, [
        {
          ...order.payment,
          cf_payment_id: String(order.payment.cf_payment_id),
          payment_status: 'SUCCESS',
          payment_currency: 'INR',
          payment_message: '00::Transaction success',
          bank_reference: '234928698581',
          order_id: order.order_id,
        },
      ]);
    }
    return refuse(res, 404, 'not found');
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.pay = (linkId, options = {}) => {
    const link = links.get(linkId)!;
    const rupees = options.rupees ?? link.link_amount;
    const orderId = `CFPay_${link.link_id}_${serial++}`;
    const paymentId = 5_000_000 + serial++;
    link.orders.push({
      order_id: orderId,
      order_status: 'PAID',
      payment: {
        cf_payment_id: paymentId,
        payment_amount: rupees,
        payment_group: options.group ?? 'upi',
        payment_method: paymentMethodObject(options.group ?? 'upi'),
        payment_time: new Date().toISOString(),
      },
    });
    link.link_amount_paid += rupees;
    link.link_status = link.link_amount_paid >= link.link_amount ? 'PAID' : 'PARTIALLY_PAID';
    return { orderId, paymentId };
  };
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}

/** A PAYMENT_LINK_EVENT as Cashfree sends it, amounts as rupee strings, signed with the secret key. */
export function cashfreeEvent(
  secretKey: string,
  link: CashfreeLink,
  paid?: { orderId: string; paymentId: number },
  over: Record<string, unknown> = {},
) {
  const body = JSON.stringify({
    data: {
      cf_link_id: link.cf_link_id,
      link_id: link.link_id,
      link_status: link.link_status,
      link_currency: link.link_currency,
      link_amount: link.link_amount.toFixed(2),
      link_amount_paid: link.link_amount_paid.toFixed(2),
      link_url: link.link_url,
      ...(paid
        ? {
            // The documented order of a link event: no payment method in it.
            order: {
              order_amount: link.link_amount_paid.toFixed(2),
              order_id: paid.orderId,
              order_expiry_time: '2026-11-27T09:29:06',
              order_hash: 'Gb2gC7z0tILhGbZUIeds',
              transaction_id: paid.paymentId,
              transaction_status: 'SUCCESS',
            },
          }
        : {}),
      ...over,
    },
    type: 'PAYMENT_LINK_EVENT',
    version: 1,
    event_time: '2026-11-27T09:15:06+05:30',
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secretKey)
    .update(timestamp + body)
    .digest('base64');
  return { body, headers: { 'Content-Type': 'application/json', 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature } };
}
