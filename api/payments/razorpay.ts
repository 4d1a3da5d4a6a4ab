// Razorpay behind the gateway interface: Payment Links (POST /v1/payment_links, GET
// /v1/payment_links/{id}, GET /v1/payment_links?reference_id=) with Basic auth, and the
// webhook's payment_link.* events, signed with X-Razorpay-Signature (hex HMAC-SHA256 of the
// raw body with the webhook secret). Amounts are paise, as Razorpay's are.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { RazorpayConfig } from '../config.ts';
import {
  GatewayError,
  type GatewayEvent,
  type GatewayLink,
  type LinkRequest,
  type LinkState,
  type LinkStatus,
  type PaymentGateway,
  type WebhookReading,
} from './gateway.ts';

const LINK_STATUSES: Record<string, LinkStatus> = {
  created: 'created',
  paid: 'paid',
  partially_paid: 'partially-paid',
  expired: 'expired',
  cancelled: 'cancelled',
};

/** The events acted on, and what each says its link has become. */
const EVENT_STATUS: Record<string, LinkStatus> = {
  'payment_link.paid': 'paid',
  'payment_link.partially_paid': 'partially-paid',
  'payment_link.expired': 'expired',
  'payment_link.cancelled': 'cancelled',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined);

/** A Payment Link entity (the API's answer, or payload.payment_link.entity) as a link state. */
function linkStateOf(link: unknown, payment?: unknown): LinkState | undefined {
  if (!isObject(link)) return undefined;
  const status = LINK_STATUSES[String(link.status)];
  const linkId = text(link.id);
  const reference = text(link.reference_id);
  const amountPaidPaise = int(link.amount_paid);
  const currency = text(link.currency);
  if (!status || !linkId || !reference || amountPaidPaise === undefined || !currency) return undefined;
  const state: LinkState = { status, linkId, reference, amountPaidPaise, currency };
  const paid = paymentOf(payment) ?? latestLinkPayment(link.payments, currency);
  if (paid) state.payment = paid;
  return state;
}

/** payload.payment.entity: the payment itself. */
function paymentOf(entity: unknown): LinkState['payment'] {
  if (!isObject(entity)) return undefined;
  const id = text(entity.id);
  const amountPaise = int(entity.amount);
  const currency = text(entity.currency);
  const createdAt = int(entity.created_at);
  if (!id || amountPaise === undefined || !currency || createdAt === undefined) return undefined;
  return { id, amountPaise, currency, method: text(entity.method) ?? 'unknown', paidAt: new Date(createdAt * 1000) };
}

/** A fetched link's `payments` ({ payment_id, amount, method, created_at, status }): its latest captured one. */
function latestLinkPayment(payments: unknown, currency: string): LinkState['payment'] {
  if (!Array.isArray(payments)) return undefined;
  const captured = payments.filter((p): p is Json => isObject(p) && p.status === 'captured' && text(p.payment_id) !== undefined);
  const latest = captured.sort((a, b) => (int(b.created_at) ?? 0) - (int(a.created_at) ?? 0))[0];
  if (!latest) return undefined;
  return {
    id: String(latest.payment_id),
    amountPaise: int(latest.amount) ?? 0,
    currency,
    method: text(latest.method) ?? 'unknown',
    paidAt: new Date((int(latest.created_at) ?? 0) * 1000),
  };
}

function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** A signed body, parsed: the link event's state, or why it cannot be read. */
function eventOf(id: string, rawBody: string): GatewayEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { id, name: 'unreadable', unreadable: 'The body is not JSON' };
  }
  if (!isObject(body) || !text(body.event)) return { id, name: 'unreadable', unreadable: 'The body names no event' };
  const name = String(body.event).slice(0, 100);
  if (!name.startsWith('payment_link.')) return { id, name };
  const payload = isObject(body.payload) ? body.payload : {};
  const link = isObject(payload.payment_link) ? payload.payment_link.entity : undefined;
  const payment = isObject(payload.payment) ? payload.payment.entity : undefined;
  const state = linkStateOf(link, payment);
  const says = EVENT_STATUS[name];
  if (!says) return { id, name };
  return state ? { id, name, says, state } : { id, name, unreadable: 'The payment link in the event is incomplete' };
}

export function razorpayGateway(config: RazorpayConfig): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: { Authorization: auth, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(config.callTimeoutMs),
      });
    } catch (err) {
      throw new GatewayError(`Razorpay did not answer: ${err instanceof Error ? err.message : String(err)}`, true);
    }
    const answer: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const error = isObject(answer) && isObject(answer.error) ? text(answer.error.description) : undefined;
      // A 4xx other than 429 says this request will not work however often it is sent.
      throw new GatewayError(`Razorpay answered ${res.status}${error ? `: ${error}` : ''}`, res.status === 429 || res.status >= 500);
    }
    if (!isObject(answer)) throw new GatewayError(`Razorpay answered ${res.status} without JSON`, true);
    return answer;
  }
  const linkOf = (answer: Json): GatewayLink => {
    const id = text(answer.id);
    const url = text(answer.short_url);
    if (!id || !url) throw new GatewayError('Razorpay answered without a link id and short_url', true);
    return { id, url };
  };
  return {
    name: 'razorpay',
    label: 'Razorpay',
    async createLink(request: LinkRequest) {
      const answer = await call('POST', '/v1/payment_links', {
        amount: request.amountPaise,
        currency: 'INR',
        accept_partial: false,
        reference_id: request.reference,
        description: request.description,
        customer: { name: request.customer.name, email: request.customer.email, contact: request.customer.phone },
        notify: { sms: false, email: false },
        reminder_enable: false,
        expire_by: Math.floor(request.expireBy.getTime() / 1000),
        callback_url: request.callbackUrl,
        callback_method: 'get',
        notes: { booking_id: request.bookingId, booking_reference: request.reference },
      });
      return linkOf(answer);
    },
    async findLink(reference: string) {
      const answer = await call('GET', `/v1/payment_links?reference_id=${encodeURIComponent(reference)}`);
      const links = Array.isArray(answer.payment_links) ? answer.payment_links.filter(isObject) : [];
      const made = links.find((l) => l.reference_id === reference);
      return made ? linkOf(made) : undefined;
    },
    async checkLink(linkId: string) {
      const state = linkStateOf(await call('GET', `/v1/payment_links/${encodeURIComponent(linkId)}`));
      if (!state) throw new GatewayError(`Razorpay's answer for ${linkId} is not a payment link`, true);
      return state;
    },
    readWebhook(rawBody: string, header: (name: string) => string | undefined): WebhookReading {
      if (!config.webhookSecret) return { ok: false, reason: 'RAZORPAY_WEBHOOK_SECRET is not set' };
      const signature = header('x-razorpay-signature');
      if (!signature) return { ok: false, reason: 'The signature is missing' };
      const expected = createHmac('sha256', config.webhookSecret).update(rawBody, 'utf8').digest('hex');
      if (!sameHex(expected, signature.trim())) return { ok: false, reason: 'The signature does not match' };
      // Razorpay sends one; a body without it is told apart by its own hash, so its replay is still one event.
      const id = header('x-razorpay-event-id')?.trim().slice(0, 100) || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
      return { ok: true, event: eventOf(id, rawBody) };
    },
  };
}
