// Web Push settings, read at start so a bad value stops the server rather than the first push:
//   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY  the key pair (URL-safe base64, as `npx web-push
//                                        generate-vapid-keys` prints); set both or neither
//                                        (neither: one is made and kept in the database).
//   VAPID_SUBJECT                        how a push service reaches the operator (mailto: or
//                                        https:); PUBLIC_URL when that is https, else mailto:ADMIN_EMAIL.
//   PUSH_ENDPOINT_HOSTS                  further hosts subscriptions may name, comma-separated
//                                        ("push.example.com", "*.example.net", "127.0.0.1" in tests).
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushConfig {
  /** The configured pair; undefined: the database's (api/notify/vapid.ts). */
  vapidKeys: VapidKeys | undefined;
  subject: string;
  /** Hosts beyond the known push services' (lower case; a leading "*." allows subdomains). */
  extraHosts: string[];
  /** How often each instance looks at the push queue (ms; a new push also wakes it). */
  pollMs: number;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function keyOfLength(name: string, value: string, bytes: number): string {
  if (!BASE64URL.test(value) || Buffer.from(value, 'base64url').length !== bytes) {
    throw new Error(`${name} must be ${bytes} bytes in URL-safe base64 without padding (npx web-push generate-vapid-keys)`);
  }
  return value;
}

function subjectOf(env: NodeJS.ProcessEnv, publicUrl: string): string {
  const given = env.VAPID_SUBJECT?.trim();
  if (given) {
    let url: URL | undefined;
    try {
      url = new URL(given);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'mailto:' && url.protocol !== 'https:')) {
      throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL (got "${given}")`);
    }
    return given;
  }
  if (publicUrl.startsWith('https://')) return publicUrl;
  const admin = env.ADMIN_EMAIL?.trim();
  return `mailto:${admin || 'push@example.com'}`;
}

function hostsOf(raw: string | undefined): string[] {
  const hosts = (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9.-]+$/.test(host) && !/^\[[0-9a-f:]+\]$/.test(host)) {
      throw new Error(`PUSH_ENDPOINT_HOSTS takes host names separated by commas (got "${host}")`);
    }
  }
  return hosts;
}

export function pushConfig(env: NodeJS.ProcessEnv, publicUrl: string): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  }
  const vapidKeys =
    publicKey && privateKey
      ? { publicKey: keyOfLength('VAPID_PUBLIC_KEY', publicKey, 65), privateKey: keyOfLength('VAPID_PRIVATE_KEY', privateKey, 32) }
      : undefined;
  return { vapidKeys, subject: subjectOf(env, publicUrl), extraHosts: hostsOf(env.PUSH_ENDPOINT_HOSTS), pollMs: 2_000 };
}
