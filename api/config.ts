// Configuration from environment variables, read once at start. Every variable is listed
// in the README's table; defaults are the embedded, zero-setup ones.
import { BRAND } from '../contract/brand.ts';
import { BOOKING_HOLD_DAYS, PAID_PACKAGE_NAMES, PAID_PACKAGES, type PaidPackage, type UpiPayee } from '../contract/bookings.ts';
import { MIN_FILL_MS } from '../contract/lead-signals.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSigningJwk } from './lib/signing-jwk.ts';
import { parseWorkingHours, type WorkingHours } from './config/working-hours.ts';
import { pushConfig, type PushConfig } from './config/push.ts';

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
  /**
   * The origin the pages' canonical links, sitemap and robots.txt are served with, whatever
   * origin the build was made for: PUBLIC_URL, or http://localhost:PORT when it is unset, so
   * they name the server that serves them. Undefined (PORT=0, tests): served as built.
   */
  canonicalOrigin: string | undefined;
  production: boolean;
  /** Port of the Prometheus metrics endpoint (GET /metrics), on HOST; undefined: off. */
  metricsPort: number | undefined;
  /** Postgres connections this instance may open (its pool's size). */
  pgPool: number;
  /** Seconds to let in-flight requests finish on SIGTERM before closing connections. */
  shutdownGraceSeconds: number;
  /** A client must send a request's headers within this many seconds of starting it... */
  headersTimeoutSeconds: number;
  /** ...and the whole request (headers and body) within this many. */
  requestTimeoutSeconds: number;
  /** Connections one client address may hold open at once (0: no ceiling). Ignored behind a proxy (TRUST_PROXY > 0). */
  maxConnectionsPerAddress: number;
  /**
   * Connections open at once from everyone (0: no ceiling): past it, requests are answered
   * 503 except /api/health, and a few more past that are refused outright; well under the
   * process's open-file limit, so the database and SMTP always find a file.
   */
  maxConnections: number;
  /** An Ed25519 private JWK credentials are signed with; unset: one made once and kept in the database. */
  credentialSigningKey: string | undefined;
  /** Web Push: VAPID keys and subject, and the push hosts beyond the known services' (api/config/push.ts). */
  push: PushConfig;

  // Admins and their tokens.
  /** With adminPassword: the admin created (or whose password is updated) at start. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /**
   * HS256 key for admin tokens (at least 32 bytes). Required in production; otherwise, when
   * unset, main.ts generates one once and keeps it in DATA_DIR/jwt-secret.
   */
  jwtSecret: string | undefined;
  /** Failed logins for one account from one client address, and from one address, in loginWindowSeconds before a 429. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  /** Failed logins for one account from anywhere past which each login is slowed by loginSlowMs (never refused). */
  loginSlowAfterAccountFailures: number;
  loginSlowMs: number;
  loginWindowSeconds: number;

  // HTTP policy.
  /** POSTs per client address per minute before a 429; 0 turns the limit off. Never staff routes (/api/admin). */
  postRateLimitPerMinute: number;
  /**
   * Staff actions per account per minute before a 429 (0: off): console writes per member,
   * logins and reset requests per email. Never counted against an address, so a class
   * behind the college's address cannot lock its staff out.
   */
  staffRateLimitPerMinute: number;
  /** The staff's ways in while signed out (login, password reset, invitation) per client address in any 60 s; 0: off. */
  staffSignInRateLimitPerMinute: number;
  /** Submissions per relay key per minute before a 429 (0: off): a relay drains a day's classes after an outage. */
  relayRateLimitPerMinute: number;
  /**
   * RELAY_UPSTREAM_URL and RELAY_KEY: this instance is a classroom relay.
   * It stores every submission first and forwards it upstream; it sends no mail.
   */
  relay?: { upstreamUrl: string; key: string } | undefined;
  /** Other origins allowed to call the API from a browser (CORS). Same origin is always allowed. */
  corsOrigins: string[];
  /**
   * How many reverse proxies sit in front of the server and append to X-Forwarded-For.
   * 0 (default): the socket address is the client; X-Forwarded-For is ignored.
   */
  trustProxy: number;
  /** How often an open console's event stream gets a keep-alive and its session is checked again (ms; tests shorten it). */
  eventsHeartbeatMs: number;

  // Mail.
  /** smtp:// or smtps:// URL of the mail server. Unset: each message becomes an .eml file in DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From of every message. */
  mailFrom: string;
  /** Attempts before a message that keeps failing is marked failed. */
  mailMaxAttempts: number;
  /**
   * Seconds a claimed message is reserved for the instance sending it: if that instance
   * dies mid-send, another sends it after this. Longer than any send (SMTP timeouts).
   */
  mailLeaseSeconds: number;
  /** Certificate emails one address may receive in 24 hours; further tests are stored and answered without mail. */
  certificateMailsPerDay: number;
  /** A form sent sooner than this after it was shown is filed as spam (ms; 0: fill time is not judged). */
  spamMinFillMs: number;
  /** Where new leads are alerted (api/leads/alerts.ts); unset: no alerts. */
  adminNotifyEmail: string | undefined;
  /** Minutes per digest of new leads; unset: one alert per lead. */
  adminNotifyDigestMinutes: number | undefined;
  /** One alert per lead up to this many a minute; past it, one digest a minute until it calms. */
  adminNotifyFloodPerMinute: number;

  // The sales desk.
  /** A new lead should be contacted within this many working minutes. */
  slaMinutes: number;
  /** When the desk is open (IST): the SLA and speed to lead count only these hours. */
  workingHours: WorkingHours;
  /** How often each instance looks for next actions that have come due (ms; tests shorten it). */
  reminderPollMs: number;
  /** How often each instance looks for due jobs (api/jobs/scheduler.ts). */
  schedulerPollMs: number;

  /** Each paid package's payment page (PAYMENT_LINK_ELEVATE, …; the spec's by default). */
  paymentLinks: Record<PaidPackage, string>;
  /** UPI_VPA and UPI_PAYEE_NAME, both set: the booking offers UPI directly. */
  upi: UpiPayee | undefined;
  /** The payment gateway that makes each booking's own link (RAZORPAY_KEY_ID and _SECRET); undefined: the static links. */
  gateway: GatewayConfig | undefined;
  /** How often each instance makes and checks payment links (ms; tests shorten it). */
  paymentPollMs: number;
  /** Who a payment receipt is from (ACADEMY_NAME, ACADEMY_ADDRESS, GSTIN) and how it is numbered (RECEIPT_PREFIX). */
  academy: AcademyConfig;
  /** An unpaid booking gets one reminder email, and its owner a payment follow-up, this long after it was made. */
  paymentReminderAfterMinutes: number;
}

export interface AcademyConfig {
  name: string;
  /** Lines of the postal address, as printed on a receipt. */
  address: string[];
  /** The GST registration, printed when set. */
  gstin: string | undefined;
  /** A receipt's number is `${prefix}/${financial year}/${sequence}` (SS/2026-27/000123). */
  receiptPrefix: string;
}

export type GatewayConfig = RazorpayConfig | CashfreeConfig;

export interface RazorpayConfig {
  kind: 'razorpay';
  /** RAZORPAY_API_URL: the API's origin (https://api.razorpay.com; a stand-in in tests). */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  /** RAZORPAY_WEBHOOK_SECRET: signs the webhook's events; unset, the webhook takes none. */
  webhookSecret: string | undefined;
  /** One call's limit (ms): a gateway that hangs is tried again later, never waited on. */
  callTimeoutMs: number;
}

export interface CashfreeConfig {
  kind: 'cashfree';
  /** CASHFREE_API_URL: https://api.cashfree.com (https://sandbox.cashfree.com in test mode; a stand-in in tests). */
  apiUrl: string;
  appId: string;
  /** CASHFREE_SECRET_KEY: the API's secret, which also signs the webhook's events. */
  secretKey: string;
  callTimeoutMs: number;
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

/**
 * The sender when MAIL_FROM is unset: the brand's name, so a student's inbox shows who wrote
 * (a certificate from "SkillUp Soft Skills Academy", not from an unknown "Soft Skills").
 */
export function defaultMailFrom(publicUrl: string): string {
  return `${BRAND.name} <no-reply@${new URL(publicUrl).hostname}>`;
}

/** Both RELAY_UPSTREAM_URL and RELAY_KEY, or neither. */
function relayConfig(env: NodeJS.ProcessEnv): Config['relay'] {
  const url = env.RELAY_UPSTREAM_URL?.trim();
  const key = env.RELAY_KEY?.trim();
  if (!url && !key) return undefined;
  if (!url || !key) throw new Error('RELAY_UPSTREAM_URL and RELAY_KEY go together: set both, or neither');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`RELAY_UPSTREAM_URL must be an http(s) URL, not ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('RELAY_UPSTREAM_URL must be an http(s) URL');
  return { upstreamUrl: parsed.origin, key };
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
    // `memory://` keeps the embedded database in memory (throwaway servers in tests).
    dataDir: env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : path.resolve(env.DATA_DIR || path.join(PROJECT_ROOT, 'data')),
    staticDir: path.resolve(env.STATIC_DIR || path.join(PROJECT_ROOT, 'dist', 'pwa')),
    publicUrl,
    // PORT=0 (the kernel picks one: throwaway servers) names no address to link to.
    canonicalOrigin: env.PUBLIC_URL || port !== 0 ? publicUrl : undefined,
    production: env.NODE_ENV === 'production',
    shutdownGraceSeconds: intVar(env, 'SHUTDOWN_GRACE_SECONDS', 10, 0, 300),
    metricsPort: env.METRICS_PORT ? intVar(env, 'METRICS_PORT', 0, 0, 65535) : undefined,
    pgPool: intVar(env, 'PGPOOL', 10, 1, 1000),
    ...httpLimits(env),
    ...adminAndMailConfig(env, publicUrl),
    ...deskConfig(env),
    ...paymentConfig(env),
    credentialSigningKey: credentialKey(env),
    push: pushConfig(env, publicUrl),
  };
}

function paymentConfig(env: NodeJS.ProcessEnv) {
  const link = (name: PaidPackage) => {
    const { env: variable, link: fallback } = PAID_PACKAGES[name];
    const value = env[variable]?.trim() || fallback;
    if (!/^https:\/\/[^\s]+$/.test(value)) throw new Error(`${variable} must be an https:// URL (got "${value}")`);
    return value;
  };
  const paymentLinks = Object.fromEntries(PAID_PACKAGE_NAMES.map((n) => [n, link(n)])) as Record<PaidPackage, string>;
  const vpa = env.UPI_VPA?.trim() || undefined;
  const name = env.UPI_PAYEE_NAME?.trim() || undefined;
  if ((vpa === undefined) !== (name === undefined)) throw new Error('UPI_VPA and UPI_PAYEE_NAME are set together (or neither)');
  if (vpa !== undefined && !/^[\w.-]{2,256}@[a-zA-Z][\w.-]{1,63}$/.test(vpa))
    throw new Error(`UPI_VPA must be a UPI id like name@bank (got "${vpa}")`);
  return {
    paymentLinks,
    upi: vpa && name ? { vpa, name } : undefined,
    gateway: gatewayConfig(env),
    paymentPollMs: 2_000,
    academy: academyConfig(env),
    paymentReminderAfterMinutes: intVar(env, 'PAYMENT_REMINDER_AFTER_MINUTES', 120, 1, BOOKING_HOLD_DAYS * 24 * 60 - 1),
  };
}

/** A GSTIN: 15 characters whose last is a check character over the first 14 (base 36, GSTN's published rule). */
export function isGstin(value: string): boolean {
  if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value)) return false;
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = digits.indexOf(value[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return digits[(36 - (sum % 36)) % 36] === value[14];
}

function academyConfig(env: NodeJS.ProcessEnv): AcademyConfig {
  const name = env.ACADEMY_NAME?.trim() || BRAND.name;
  // One line in the environment; ";" or "|" separate the printed lines.
  const written = env.ACADEMY_ADDRESS?.trim();
  const address = written
    ? written
        .split(/[;|\n]/)
        .map((l) => l.trim())
        .filter(Boolean)
    : [BRAND.address.line1, BRAND.address.line2, BRAND.address.country];
  const gstin = env.GSTIN?.trim().toUpperCase() || undefined;
  if (gstin !== undefined && !isGstin(gstin))
    throw new Error(`GSTIN must be a 15-character GSTIN with a valid check character (got "${gstin}")`);
  const receiptPrefix = env.RECEIPT_PREFIX?.trim() || 'SS';
  if (!/^[A-Z0-9-]{1,12}$/.test(receiptPrefix))
    throw new Error(`RECEIPT_PREFIX must be 1 to 12 capital letters, digits or "-" (got "${receiptPrefix}")`);
  if (name.length > 200 || address.some((l) => l.length > 200))
    throw new Error('ACADEMY_NAME and each line of ACADEMY_ADDRESS are at most 200 characters');
  return { name, address, gstin, receiptPrefix };
}

function originVar(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL`);
  return url.origin;
}

/** Two variables set together, or neither. */
function pair(env: NodeJS.ProcessEnv, a: string, b: string): [string, string] | undefined {
  const x = env[a]?.trim() || undefined;
  const y = env[b]?.trim() || undefined;
  if (!x && !y) return undefined;
  if (!x || !y) throw new Error(`${a} and ${b} go together: set both, or neither`);
  return [x, y];
}

/** Razorpay's keys or Cashfree's (one gateway at a time): every booking gets its own link. */
function gatewayConfig(env: NodeJS.ProcessEnv): GatewayConfig | undefined {
  const razorpay = pair(env, 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET');
  const cashfree = pair(env, 'CASHFREE_APP_ID', 'CASHFREE_SECRET_KEY');
  if (razorpay && cashfree) throw new Error('One payment gateway at a time: set the Razorpay keys or the Cashfree ones, not both');
  const callTimeoutMs = 10_000;
  if (razorpay) {
    const apiUrl = originVar(env, 'RAZORPAY_API_URL', 'https://api.razorpay.com');
    const webhookSecret = env.RAZORPAY_WEBHOOK_SECRET || undefined;
    return { kind: 'razorpay', apiUrl, keyId: razorpay[0], keySecret: razorpay[1], webhookSecret, callTimeoutMs };
  }
  if (cashfree) {
    const apiUrl = originVar(env, 'CASHFREE_API_URL', 'https://api.cashfree.com');
    return { kind: 'cashfree', apiUrl, appId: cashfree[0], secretKey: cashfree[1], callTimeoutMs };
  }
  return undefined;
}

/** Checked at start, so a bad key stops the server instead of the first verifier. */
function credentialKey(env: NodeJS.ProcessEnv): string | undefined {
  const value = env.CREDENTIAL_SIGNING_KEY?.trim() || undefined;
  if (value) parseSigningJwk(value);
  return value;
}

function deskConfig(env: NodeJS.ProcessEnv) {
  return {
    slaMinutes: intVar(env, 'SLA_MINUTES', 15, 1, 7 * 24 * 60),
    workingHours: parseWorkingHours(env.WORKING_HOURS || 'Mon-Sat 09:00-19:00'),
    reminderPollMs: 5_000,
    schedulerPollMs: 1_000,
  };
}

function httpLimits(env: NodeJS.ProcessEnv) {
  const headersTimeoutSeconds = intVar(env, 'HEADERS_TIMEOUT_SECONDS', 10, 1, 600);
  const requestTimeoutSeconds = intVar(env, 'REQUEST_TIMEOUT_SECONDS', 30, 1, 3600);
  if (requestTimeoutSeconds < headersTimeoutSeconds) {
    throw new Error('REQUEST_TIMEOUT_SECONDS must be at least HEADERS_TIMEOUT_SECONDS (the headers are part of the request)');
  }
  return {
    headersTimeoutSeconds,
    requestTimeoutSeconds,
    // A classroom of phones behind one NAT holds one or two connections each.
    maxConnectionsPerAddress: intVar(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 0, 100_000),
    maxConnections: intVar(env, 'MAX_CONNECTIONS', 4096, 0, 1_000_000),
  };
}

const MIN_JWT_SECRET_BYTES = 32;

function adminAndMailConfig(env: NodeJS.ProcessEnv, publicUrl: string) {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    throw new Error(`JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 48\`)`);
  }
  if (production && jwtSecret === undefined) {
    throw new Error(
      `JWT_SECRET is required when NODE_ENV=production (at least ${MIN_JWT_SECRET_BYTES} bytes, e.g. \`openssl rand -base64 48\`)`,
    );
  }

  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither');
  }
  if (adminEmail !== undefined && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    throw new Error(`ADMIN_EMAIL must be an email address (got "${adminEmail}")`);
  }
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new Error('ADMIN_PASSWORD must be 8 to 128 characters');
  }

  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    throw new Error('SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465');
  }
  const mailFrom = env.MAIL_FROM?.trim() || defaultMailFrom(publicUrl);
  const adminNotifyEmail = env.ADMIN_NOTIFY_EMAIL?.trim().toLowerCase() || undefined;
  if (adminNotifyEmail !== undefined && !/^[^\s@,]+@[^\s@,]+$/.test(adminNotifyEmail)) {
    throw new Error('ADMIN_NOTIFY_EMAIL must be one email address');
  }
  const adminNotifyDigestMinutes = env.ADMIN_NOTIFY_DIGEST_MINUTES
    ? intVar(env, 'ADMIN_NOTIFY_DIGEST_MINUTES', 60, 1, 7 * 24 * 60)
    : undefined;

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => {
      let url: URL;
      try {
        url = new URL(o);
      } catch {
        throw new Error(`CORS_ORIGINS: "${o}" is not an origin like https://example.org`);
      }
      if (url.origin === 'null' || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
        throw new Error(`CORS_ORIGINS: "${o}" is not an origin like https://example.org`);
      }
      return url.origin;
    });

  return {
    adminEmail,
    adminPassword,
    jwtSecret,
    loginMaxFailuresPerAccount: intVar(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 10, 1, 1000),
    loginMaxFailuresPerAddress: intVar(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 30, 1, 10000),
    loginSlowAfterAccountFailures: intVar(env, 'LOGIN_SLOW_AFTER_ACCOUNT_FAILURES', 100, 1, 1_000_000),
    loginSlowMs: 2_000,
    loginWindowSeconds: 15 * 60,
    postRateLimitPerMinute: intVar(env, 'PUBLIC_RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    staffRateLimitPerMinute: intVar(env, 'STAFF_RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    staffSignInRateLimitPerMinute: intVar(env, 'STAFF_SIGN_IN_RATE_LIMIT_PER_MINUTE', 60, 0, 1_000_000),
    relayRateLimitPerMinute: intVar(env, 'RELAY_RATE_LIMIT_PER_MINUTE', 6_000, 0, 10_000_000),
    relay: relayConfig(env),
    corsOrigins,
    trustProxy: intVar(env, 'TRUST_PROXY', 0, 0, 10),
    eventsHeartbeatMs: 15_000,
    smtpUrl,
    mailFrom,
    mailMaxAttempts: intVar(env, 'MAIL_MAX_ATTEMPTS', 20, 1, 100),
    mailLeaseSeconds: intVar(env, 'MAIL_LEASE_SECONDS', 600, 5, 86_400),
    certificateMailsPerDay: intVar(env, 'CERTIFICATE_MAILS_PER_DAY', 3, 0, 1000),
    spamMinFillMs: intVar(env, 'SPAM_MIN_FILL_SECONDS', MIN_FILL_MS / 1000, 0, 60) * 1000,
    adminNotifyEmail,
    adminNotifyDigestMinutes,
    adminNotifyFloodPerMinute: intVar(env, 'ADMIN_NOTIFY_FLOOD_PER_MINUTE', 30, 1, 100_000),
  };
}
