/// <reference lib="webworker" />
// The service worker: the app shell, every prerendered public page, fonts and the quiz
// content precached, so every public page and both tests open offline after one visit;
// images cache-first with an expiry, brochures kept once fetched, videos kept whole and answered a range at a time; the
// API always from the network. It also drains the
// outbox on Background Sync, under the same lock as the pages.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { rangeOf } from './lib/byte-range.ts';
import { drainOutbox } from './lib/outbox/deliver.ts';
import { idbStore } from './lib/outbox/store.ts';
import { DRAIN_LOCK, OUTBOX_CHANNEL, SYNC_TAG, type OutboxEvent } from './lib/outbox/types.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST, {
  // A prerendered page lives at /route/index.html; navigations ask for /route.
  urlManipulation: ({ url }) => [new URL(url.pathname.replace(/\/?$/, '/index.html'), url)],
});
cleanupOutdatedCaches();

// The API is network-only by having no route at all: the worker never answers those
// requests, so they go straight from the page to the network and never touch a cache
// (lead submissions are the outbox's business, admin data is private).

// Any other page (a reset link, an unknown blog id) gets the empty app shell, which
// renders it in the browser. The admin console is never served from the worker: its
// pages, like its data, come from the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/shell.html'), {
    denylist: [/^\/api\//, /^\/certificate(?:\/|$)/, /^\/admin(?:\/|$)/],
  }),
);

registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'media',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// A programme's brochure is kept once fetched, so it opens again offline; a new build's copy
// replaces it the next time it is asked for online (the PDF is drawn from the page's content).
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/brochures\/[^/]+\.pdf$/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'brochures' }),
);

// Videos are asked for a range at a time, and a partial (206) answer cannot be cached. So the
// first time one plays, the whole file is fetched once beside it and kept; from then on every
// range is cut from the kept file (lib/byte-range.ts), and the video plays and seeks offline.
const VIDEO_CACHE = 'video';
registerRoute(
  ({ request, url }) => request.destination === 'video' || /^\/video\/[^/]+\.(mp4|webm)$/.test(url.pathname),
  async ({ request, event }) => {
    const cache = await caches.open(VIDEO_CACHE);
    const kept = await cache.match(request.url);
    if (kept) return rangeOf(request.headers.get('Range'), kept);
    (event as ExtendableEvent).waitUntil(cache.add(request.url).catch(() => undefined));
    return fetch(request);
  },
);

// Updates wait for the user: the page shows "A new version is ready — Reload" and sends
// SKIP_WAITING only when they choose it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first visit's page is taken under control at once, so its lazy chunks come from the
// precache; later versions still wait for the user's Reload.
clientsClaim();

const channel = new BroadcastChannel(OUTBOX_CHANNEL);

function drain() {
  // A `sync` event means the browser saw the connection come back.
  return drainOutbox(
    {
      store: idbStore,
      fetch: (input, init) => fetch(input, init),
      now: () => Date.now(),
      notify: (event: OutboxEvent) => channel.postMessage(event),
      withLock: <T>(fn: () => Promise<T>) => self.navigator.locks.request(DRAIN_LOCK, fn) as Promise<T>,
    },
    { connectivity: true },
  );
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string; lastChance?: boolean };
  if (sync.tag !== SYNC_TAG) return;
  sync.waitUntil(
    drain().then(async (report) => {
      // Still waiting after this attempt: ask the browser to fire `sync` again later.
      if (report.retrying > 0 && !sync.lastChance) throw new Error('outbox items still waiting');
    }),
  );
});

// Pushes to team members (api/notify): show what the server sent (a first name and a list,
// never an email or phone) and open that lead in the console when it is tapped, in a console
// tab already open if there is one.
self.addEventListener('push', (event: PushEvent) => {
  let payload: { title?: string; body?: string; url?: string; tag?: string } = {};
  try {
    payload = (event.data?.json() ?? {}) as typeof payload;
  } catch {
    // Not ours to read: still shown, so the browser does not count a silent push against the site.
  }
  event.waitUntil(
    self.registration.showNotification(payload.title || 'SkillUp admin', {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const asked = (event.notification.data as { url?: unknown } | null)?.url;
  // Only a console address on this site: a push can never send the member elsewhere.
  const path = typeof asked === 'string' && /^\/admin(?:[/?]|$)/.test(asked) ? asked : '/admin';
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/admin'));
      // navigate() is refused for a tab this worker does not control: a new window then.
      if (open)
        return open.navigate(url).then(
          (w) => (w ?? open).focus(),
          () => self.clients.openWindow(url),
        );
      return self.clients.openWindow(url);
    }),
  );
});
