// The shared styles first: components' own stylesheets, imported by them, come after and win ties.
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes.tsx';
import { HeadCollector } from './components/Meta.tsx';
import { langOfPath } from './i18n/lang.ts';
import { recordLanding } from './lib/attribution.ts';
import { startOutbox } from './lib/outbox/client.ts';
import { registerServiceWorker } from './lib/pwa-register.ts';

// Before anything can be submitted: this page load's campaign, referrer and path.
recordLanding(location, document.referrer);

const app = (
  <StrictMode>
    <HeadCollector.Provider value={null}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </HeadCollector.Provider>
  </StrictMode>
);

const root = document.getElementById('root')!;
const normalize = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
const path = normalize(location.pathname);
const prerendered = root.dataset.path;
// Hydrate only the HTML that was prerendered for this very path (404.html fits any English
// path, hi/404.html any Hindi one); a page written for another route or the other
// language's tree is replaced by a fresh render, never hydrated into a mismatch.
const hindi = langOfPath(path) === 'hi';
const fits = prerendered === path || (prerendered === '*' && !hindi) || (prerendered === '/hi/*' && hindi);
if (root.hasChildNodes() && fits) {
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page in one task (a quarter of a second on a 4×
  // slower phone): the page is already painted, and a tap meanwhile still hydrates its
  // target first (React replays it).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.textContent = '';
  createRoot(root).render(app);
}

// The outbox delivers whatever waits on this device (app start is one of its triggers);
// the service worker makes every page open offline after this visit.
startOutbox();
registerServiceWorker();
