// Cashfree behind the gateway interface: Payment Links (POST /pg/links, GET /pg/links/{link_id},
// and the link's orders and their payments for what paid it) with x-client-id/x-client-secret,
// amounts as rupees (decimal strings in its events), and the webhook's PAYMENT_LINK_EVENT,
// signed with x-webhook-signature = base64 HMAC-SHA256 of x-webhook-timestamp + the raw body.
// Our booking reference is the link's own id (link_id), so a lost answer is found by it.
// The link event's order names no payment method, so a paid event's method is read from that
// order's payments (payment_group, else the payment_method object's key), as reconciliation does.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { CashfreeConfig } from '../config.ts';
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

const API_VERSION = '2023-08-01';
const UNKNOWN_METHOD = 'unknown';

const LINK_STATUSES: Record<string, LinkStatus> = {
  ACTIVE: 'created',
  PAID: 'paid',
  PARTIALLY_PAID: 'partially-paid',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** "2499.00" or 2499 → 249900 paise; anything else (or more than two decimals) is not an amount. */
export function paiseOfRupees(v: unknown): number | undefined {
  const s = typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : typeof v === 'string' ? v.trim() : undefined;
  if (!s || !/^\d{1,9}(\.\d{1,2})?$/.test(s)) return undefined;
  const [whole, fraction = ''] = s.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A link entity (the API's answer, or an event's data) as a link state, without its payment. */
function linkStateOf(link: unknown): LinkState | undefined {
  if (!isObject(link)) return undefined;
  const status = LINK_STATUSES[String(link.link_status)];
  const linkId = text(link.link_id);
  const amountPaidPaise = paiseOfRupees(link.link_amount_paid ?? '0');
  const currency = text(link.link_currency);
  if (!status || !linkId || amountPaidPaise === undefined || !currency) return undefined;
  return { status, linkId, reference: linkId, amountPaidPaise, currency };
}

/** Cashfree's payment_group names as the product's method words (Razorpay's, which the receipt prints). */
const GROUP_METHODS: Record<string, string> = {
  credit_card: 'card',
  debit_card: 'card',
  prepaid_card: 'card',
  corporate_credit_card: 'card',
  net_banking: 'netbanking',
  cardless_emi: 'emi',
  credit_card_emi: 'emi',
  debit_card_emi: 'emi',
  pay_later: 'paylater',
};
/** The keys of a payment's payment_method object ({ upi: { upi_id } }, { card: {…} }, { app: {…} } …). */
const METHOD_KEYS: Record<string, string> = { app: 'wallet', cardless_emi: 'emi', banktransfer: 'bank_transfer' };

/**
 * How a payment was made, as Cashfree's payment entity says it: its payment_group, else the one
 * key of its payment_method object; undefined when neither is there.
 */
export function paymentMethodOf(payment: unknown): string | undefined {
  if (!isObject(payment)) return undefined;
  const group = text(payment.payment_group)?.toLowerCase();
  if (group) return GROUP_METHODS[group] ?? (group.startsWith('upi') ? 'upi' : group);
  const key = isObject(payment.payment_method) ? Object.keys(payment.payment_method)[0] : undefined;
  return key ? (METHOD_KEYS[key] ?? key) : undefined;
}

function sameBase64(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(given, 'base64');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** A link's event, with the order its payment was made on (whose payments say how it was paid). */
function eventOf(id: string, rawBody: string): GatewayEvent & { orderId?: string } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { id, name: 'unreadable', unreadable: 'The body is not JSON' };
  }
  if (!isObject(body) || !text(body.type)) return { id, name: 'unreadable', unreadable: 'The body names no event' };
  const name = String(body.type).slice(0, 100);
  if (name !== 'PAYMENT_LINK_EVENT') return { id, name };
  const data = isObject(body.data) ? body.data : {};
  const state = linkStateOf(data);
  if (!state) return { id, name, unreadable: 'The payment link in the event is incomplete' };
  const order = isObject(data.order) ? data.order : {};
  const paymentId = text(order.transaction_id) ?? (typeof order.transaction_id === 'number' ? String(order.transaction_id) : undefined);
  if (paymentId && order.transaction_status === 'SUCCESS')
    state.payment = {
      id: paymentId,
      amountPaise: paiseOfRupees(order.order_amount) ?? state.amountPaidPaise,
      currency: state.currency,
      // The link event's order names no method (Cashfree's schema); a payment object beside it would.
      method: paymentMethodOf(data.payment) ?? paymentMethodOf(order) ?? UNKNOWN_METHOD,
      paidAt: new Date(text(body.event_time) ?? Date.now()),
    };
  return { id, name: `${name}.${String(data.link_status)}`, says: state.status, state, orderId: text(order.order_id) };
}

type Call = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

/** How the event's payment was made, from its order's payments; unknown when Cashfree does not answer. */
async function methodOfEventPayment(call: Call, orderId: string, paymentId: string): Promise<string> {
  try {
    const payments = await call('GET', `/orders/${encodeURIComponent(orderId)}/payments`);
    const found = Array.isArray(payments) ? payments.find((p) => isObject(p) && String(p.cf_payment_id) === paymentId) : undefined;
    return paymentMethodOf(found) ?? UNKNOWN_METHOD;
  } catch (err) {
    if (err instanceof GatewayError) return UNKNOWN_METHOD;
    throw err;
  }
}
export function cashfreeGateway(config: CashfreeConfig): PaymentGateway {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}/pg${path}`, {
        method,
        headers: {
          'x-client-id': config.appId,
          'x-client-secret': config.secretKey,
          'x-api-version': API_VERSION,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(config.callTimeoutMs),
      });
    } catch (err) {
      throw new GatewayError(`Cashfree did not answer: ${err instanceof Error ? err.message : String(err)}`, true);
    }
    const answer: unknown = await res.json().catch(() => undefined);
    if (res.status === 404 && method === 'GET') return undefined;
    if (!res.ok) {
      const message = isObject(answer) ? text(answer.message) : undefined;
      throw new GatewayError(`Cashfree answered ${res.status}${message ? `: ${message}` : ''}`, res.status === 429 || res.status >= 500);
    }
    return answer;
  }
  const linkOf = (answer: unknown): GatewayLink => {
    const id = isObject(answer) ? text(answer.link_id) : undefined;
    const url = isObject(answer) ? text(answer.link_url) : undefined;
    if (!id || !url) throw new GatewayError('Cashfree answered without a link_id and link_url', true);
    return { id, url };
  };
  /** The successful payment behind a paid link: its orders, then that order's payments. */
  async function paymentOf(linkId: string, currency: string): Promise<LinkState['payment']> {
    const orders = await call('GET', `/links/${encodeURIComponent(linkId)}/orders`);
    const paid = Array.isArray(orders) ? orders.find((o) => isObject(o) && o.order_status === 'PAID') : undefined;
    if (!isObject(paid) || !text(paid.order_id)) return undefined;
    const payments = await call('GET', `/orders/${encodeURIComponent(String(paid.order_id))}/payments`);
    const ok = Array.isArray(payments) ? payments.find((p) => isObject(p) && p.payment_status === 'SUCCESS') : undefined;
    if (!isObject(ok) || ok.cf_payment_id === undefined) return undefined;
    return {
      id: String(ok.cf_payment_id),
      amountPaise: paiseOfRupees(ok.payment_amount) ?? 0,
      currency: text(ok.payment_currency) ?? currency,
      method: paymentMethodOf(ok) ?? UNKNOWN_METHOD,
      paidAt: new Date(text(ok.payment_time) ?? Date.now()),
    };
  }
  return {
    name: 'cashfree',
    label: 'Cashfree',
    async createLink(request: LinkRequest) {
      const answer = await call('POST', '/links', {
        link_id: request.reference,
        link_amount: request.amountPaise / 100,
        link_currency: 'INR',
        link_purpose: request.description,
        customer_details: {
          customer_name: request.customer.name,
          customer_email: request.customer.email,
          customer_phone: request.customer.phone,
        },
        link_partial_payments: false,
        link_expiry_time: request.expireBy.toISOString(),
        link_notify: { send_sms: false, send_email: false },
        link_auto_reminders: false,
        link_notes: { booking_id: request.bookingId, booking_reference: request.reference },
        link_meta: { return_url: request.callbackUrl },
      });
      return linkOf(answer);
    },
    async findLink(reference: string) {
      const answer = await call('GET', `/links/${encodeURIComponent(reference)}`);
      return answer === undefined ? undefined : linkOf(answer);
    },
    async checkLink(linkId: string) {
      const state = linkStateOf(await call('GET', `/links/${encodeURIComponent(linkId)}`));
      if (!state) throw new GatewayError(`Cashfree's answer for ${linkId} is not a payment link`, true);
      if (state.status === 'paid') state.payment = await paymentOf(linkId, state.currency);
      return state;
    },
    async readWebhook(rawBody: string, header: (name: string) => string | undefined): Promise<WebhookReading> {
      const signature = header('x-webhook-signature');
      const timestamp = header('x-webhook-timestamp');
      if (!signature || !timestamp) return { ok: false, reason: 'The signature or its timestamp is missing' };
      const expected = createHmac('sha256', config.secretKey)
        .update(timestamp + rawBody, 'utf8')
        .digest('base64');
      if (!sameBase64(expected, signature.trim())) return { ok: false, reason: 'The signature does not match' };
      // A retried event carries the same body: its hash is its id.
      const { orderId, ...event } = eventOf(`sha256:${createHash('sha256').update(rawBody).digest('hex')}`, rawBody);
      // Asked only once the signature holds, so a forged body costs no call.
      const payment = event.state?.payment;
      if (payment && payment.method === UNKNOWN_METHOD && orderId) payment.method = await methodOfEventPayment(call, orderId, payment.id);
      return { ok: true, event };
    },
  };
}
