// Registers the service worker and exposes its update state, with the platform's own API
// (workbox-window did the same in 2 KB gzipped on every page). An update never reloads the
// page by itself: the UI offers "A new version is ready — Reload" and only a click swaps the
// worker (pwa/sw.ts skips waiting on SKIP_WAITING) and reloads, so no half-filled form or
// test is lost.

type Listener = (updateReady: boolean) => void;
const listeners = new Set<Listener>();
let registration: ServiceWorkerRegistration | undefined;
let started = false;
let updateReady = false;

export function onUpdateReady(listener: Listener): () => void {
  listeners.add(listener);
  listener(updateReady);
  return () => listeners.delete(listener);
}

/** A new version is installed and waits while an older one controls this page. */
function announceIfWaiting(reg: ServiceWorkerRegistration): void {
  if (updateReady || !reg.waiting || !navigator.serviceWorker.controller) return;
  updateReady = true;
  for (const l of listeners) l(true);
}

function watch(reg: ServiceWorkerRegistration | undefined): void {
  // A browser that blocks workers may resolve register() with nothing (Playwright's
  // `serviceWorkers: 'block'` does): the page then simply has no worker to watch.
  if (!reg) return;
  registration = reg;
  // One left waiting by an earlier visit.
  announceIfWaiting(reg);
  reg.addEventListener('updatefound', () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announceIfWaiting(reg);
    });
  });
}

export function registerServiceWorker(): void {
  // No service worker outside a secure context (a relay's plain-http LAN address): the pages work without one.
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || started) return;
  started = true;
  // After the page's own loading, so the worker's precache does not compete with it.
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watch, () => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The user chose to update: activate the waiting worker, then reload once it controls the page. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
