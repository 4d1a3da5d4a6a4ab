// Registers the service worker with workbox-window and exposes its update state. An
// update never reloads the page by itself: the UI offers "A new version is ready — Reload"
// and only a click swaps the worker and reloads, so no half-filled form or test is lost.
import { Workbox } from 'workbox-window';

type Listener = (updateReady: boolean) => void;
const listeners = new Set<Listener>();
let workbox: Workbox | undefined;
let updateReady = false;

export function onUpdateReady(listener: Listener): () => void {
  listeners.add(listener);
  listener(updateReady);
  return () => listeners.delete(listener);
}

export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || workbox) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    updateReady = true;
    for (const l of listeners) l(true);
  });
  void workbox.register().catch(() => undefined);
}

/** The user chose to update: activate the waiting worker, then reload once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
