// The one interface every payment gateway is reached through (make a link, check a link,
// read a webhook). The rest of the product speaks only these words; each gateway's
// adapter turns them into its own API's calls and payloads.

/** What a booking asks its gateway for. Amounts are paise, from the server's price list. */
export interface LinkRequest {
  bookingId: string;
  reference: string;
  amountPaise: number;
  description: string;
  customer: { name: string; email: string; phone: string };
  expireBy: Date;
  /** The visitor's booking page: the gateway sends them back there after paying. */
  callbackUrl: string;
}

/** A link the gateway made. */
export interface GatewayLink {
  id: string;
  url: string;
}

/** A payment the gateway says was made. */
export interface GatewayPayment {
  id: string;
  /** upi, card, netbanking, wallet, … as the gateway names it. */
  method: string;
  paidAt: Date;
}

export type LinkStatus = 'created' | 'paid' | 'partially-paid' | 'expired' | 'cancelled';

/** Where a link stands, as the gateway's API answers or its signed event says. */
export interface LinkState {
  status: LinkStatus;
  linkId: string;
  /** Our booking reference, as the link was made with it. */
  reference: string;
  amountPaidPaise: number;
  currency: string;
  /** The payment that paid it (the latest one), when there is one. */
  payment?: GatewayPayment & { currency: string; amountPaise: number };
}

/** A signed event, read. `state` is undefined for an event this product does not act on, or one it cannot read. */
export interface GatewayEvent {
  /** The gateway's id for the event: a replay carries the same. */
  id: string;
  /** The gateway's own name for it (payment_link.paid, …). */
  name: string;
  /** What the event says became of the link; undefined for an event this product does not act on. */
  says?: LinkStatus;
  state?: LinkState;
  /** Why a signed event could not be read (kept for an admin's look). */
  unreadable?: string;
}

export type WebhookReading = { ok: true; event: GatewayEvent } | { ok: false; reason: string };

/** The gateway answered with an error, or not at all. `retry`: worth trying again later. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

export interface PaymentGateway {
  /** Stored with each booking and event ("razorpay"). */
  name: string;
  /** Shown to people ("Razorpay"). */
  label: string;
  createLink(request: LinkRequest): Promise<GatewayLink>;
  /** The link already made for a reference (a try whose answer was lost), if any. */
  findLink(reference: string): Promise<GatewayLink | undefined>;
  checkLink(linkId: string): Promise<LinkState>;
  /** Checks the signature over the raw body before anything is parsed (and may then ask the API what the event leaves out). */
  readWebhook(rawBody: string, header: (name: string) => string | undefined): WebhookReading | Promise<WebhookReading>;
}
