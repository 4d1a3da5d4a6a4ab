// This browser's Web Push subscription for the signed-in member: whether the browser can be
// pushed at all (and why not, in words), subscribing with the server's VAPID key, and
// stopping. The service worker (pwa/sw.ts) shows what is pushed and opens the lead when tapped.
import { NOTIFY_PATHS } from '../../../../../contract/notifications.ts';
import { adminRequest } from '../common/request.ts';

export const PUSH_WORDS = {
  insecure:
    'This page is not on a secure (https) address, so the browser will not notify you here. The bell still lists every notification.',
  unsupported: 'This browser cannot show notifications from a website. The bell lists them instead.',
  ios: 'On an iPhone or iPad, add this site to your Home Screen first (Share, then Add to Home Screen), then open it from there.',
  denied:
    'Notifications are blocked for this site. Allow them in the browser’s site settings (the icon beside the address), then try again.',
  dismissed: 'The browser did not allow notifications. Press the button again and choose Allow.',
  failed: 'The browser could not subscribe to notifications',
  noAnswer:
    'The browser’s push service did not answer (it needs the internet, and on some networks it is blocked). The bell still lists every notification; try again later.',
} as const;

/** Why this browser cannot be pushed, or undefined when it can. */
export function pushUnavailable(): string | undefined {
  if (!window.isSecureContext) return PUSH_WORDS.insecure;
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return /iPhone|iPad/.test(navigator.userAgent) ? PUSH_WORDS.ios : PUSH_WORDS.unsupported;
  }
  if (Notification.permission === 'denied') return PUSH_WORDS.denied;
  return undefined;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // Normally registered already (pwa/lib/pwa-register.ts); registering again returns it.
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (pushUnavailable() === PUSH_WORDS.insecure || !('serviceWorker' in navigator)) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager?.getSubscription()) ?? null;
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  return (
    btoa(String.fromCharCode(...new Uint8Array(key)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '') === publicKey
  );
}

function keyBytes(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** How long the browser's push service may take to give a subscription (it may never answer offline). */
export const SUBSCRIBE_WAIT_MS = 20_000;

function withinWait<T>(work: Promise<T>): Promise<T> {
  let timer: number | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error(PUSH_WORDS.noAnswer)), SUBSCRIBE_WAIT_MS);
  });
  return Promise.race([work, late]).finally(() => window.clearTimeout(timer));
}

/** Asks for permission, subscribes with the server's key and tells the server; throws an Error in words. */
export async function subscribeDevice(): Promise<void> {
  const unavailable = pushUnavailable();
  if (unavailable) throw new Error(unavailable);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new Error(PUSH_WORDS.denied);
  if (permission !== 'granted') throw new Error(PUSH_WORDS.dismissed);
  const { data } = await adminRequest<{ publicKey: string }>(`${NOTIFY_PATHS.push}/key`);
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  // Made with another key (the server's key was replaced): the push service would refuse it.
  if (subscription && !sameKey(subscription, data.publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await withinWait(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(data.publicKey) }));
  } catch (err) {
    if (err instanceof Error && err.message === PUSH_WORDS.noAnswer) throw err;
    throw new Error(`${PUSH_WORDS.failed}${err instanceof Error && err.message ? `: ${err.message}` : ''}`);
  }
  await adminRequest(`${NOTIFY_PATHS.push}/subscriptions`, { method: 'POST', body: subscription.toJSON() });
}

/** Stops pushes to this browser (the server forgets it, then the browser). */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await adminRequest(`${NOTIFY_PATHS.push}/subscriptions`, { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
