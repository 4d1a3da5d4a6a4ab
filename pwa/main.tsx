// The shared styles first: components' own stylesheets, imported by them, come after and win ties.
import './styles/global.css';
import { StrictMode } from 'react';
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
  // Hydrated at once, in the task that loaded the script, not as a transition: sliced, it
  // gave less blocking time, but React 19.3 does not replay what was typed into a field
  // before that field hydrated (its state stays empty while the box shows the text), and
  // slicing widened that window past the page's load. The public forms now read such text
  // back when they go live (components/form/SubmitButton.tsx); the quiz's answers and the
  // outbox's corrections do not.
  hydrateRoot(root, app);
} else {
  root.textContent = '';
  createRoot(root).render(app);
}

// The outbox delivers whatever waits on this device (app start is one of its triggers);
// the service worker makes every page open offline after this visit.
startOutbox();
registerServiceWorker();
