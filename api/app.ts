// The whole HTTP surface: the API under /api, the built PWA everywhere else.
import { Hono } from 'hono';
import { API_MESSAGES } from '../contract/messages.ts';
import type { Deps } from './deps.ts';
import { errorHandler } from './lib/errors.ts';
import { requestLog } from './lib/request-log.ts';
import { contact } from './resources/contact.ts';
import { form } from './resources/form.ts';
import { free } from './resources/free.ts';
import { health } from './resources/health.ts';
import { LEAD_RESOURCES } from './resources/leads.ts';
import { now } from './resources/now.ts';
import { quiz } from './resources/quiz.ts';
import { sync } from './resources/sync.ts';
import { staticSite } from './static.ts';

export interface AppOptions {
  /** Log one line per request (off in most tests). */
  logRequests?: boolean;
}

export function createApp(deps: Deps, options: AppOptions = {}): Hono {
  const app = new Hono();
  if (options.logRequests ?? true) app.use('*', requestLog(deps.log));
  app.onError(errorHandler(deps.log));

  app.route('/api/health', health(deps));
  app.route('/api/v1/contact', contact(deps));
  app.route('/api/v1/free', free(deps));
  app.route('/api/v1/form', form(deps));
  app.route('/api/v1/now', now(deps));
  app.route('/api/v1/quiz', quiz(deps));
  app.route('/api/v1/sync', sync(deps, LEAD_RESOURCES));
  app.all('/api', (c) => c.json({ message: API_MESSAGES.notFound }, 404));
  app.all('/api/*', (c) => c.json({ message: API_MESSAGES.notFound }, 404));

  const site = staticSite(deps.config.staticDir);
  app.on(['GET', 'HEAD'], '*', site);
  app.notFound((c) => c.json({ message: API_MESSAGES.notFound }, 404));
  return app;
}
