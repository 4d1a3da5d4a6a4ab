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
  // The prerendered page is painted first, then hydrated. When the script is at hand at
  // once (the service worker's copy: every visit after the first, and the installed app),
  // hydrating in the task that ran it kept the screen blank until React was done: 200 ms
  // here, about a second on a slow phone. One frame later it paints the page it already has.
  // Hydration itself stays one task, not a transition: sliced, it gave less blocking time,
  // but React 19.3 does not replay what was typed into a field before that field hydrated
  // (its state stays empty while the box shows the text), and slicing widened that window
  // past the page's load. The public forms read such text back when they go live
  // (components/form/SubmitButton.tsx); the quiz's answers and the outbox's corrections do not.
  afterNextPaint(() => hydrateRoot(root, app));
} else {
  root.textContent = '';
  createRoot(root).render(app);
}

/**
 * Runs `then` once the browser has painted the next frame (a timer set from that frame's
 * animation callback fires after its paint), or after 100 ms when no frame comes: a page
 * opened in a background tab draws none until it is shown, and is hydrated all the same.
 */
function afterNextPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

// The outbox delivers whatever waits on this device (app start is one of its triggers);
// the service worker makes every page open offline after this visit.
startOutbox();
registerServiceWorker();
