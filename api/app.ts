// The whole HTTP surface: the API under /api, the built PWA everywhere else.
import { Hono } from 'hono';
import { HEALTH_PATH } from '../contract/api.ts';
import { API_MESSAGES } from '../contract/messages.ts';
import { nowOf, type Deps } from './deps.ts';
import { errorHandler } from './lib/errors.ts';
import { corsPolicy, jsonBodiesOnly, securityHeaders } from './lib/http-policy.ts';
import { postRateLimit } from './lib/rate-limit.ts';
import { requestLog } from './lib/request-log.ts';
import { admin } from './resources/admin.ts';
import { certificatePage, certificatesApi } from './resources/certificates.ts';
import { contact } from './resources/contact.ts';
import { form } from './resources/form.ts';
import { free } from './resources/free.ts';
import { getContact } from './resources/get-contact.ts';
import { health } from './resources/health.ts';
import { leadResources } from './resources/leads.ts';
import { now } from './resources/now.ts';
import { quiz, quizAnswersLead } from './resources/quiz.ts';
import { sync } from './resources/sync.ts';
import { staticSite } from './static.ts';

export interface AppOptions {
  /** Log one line per request (off in most tests). */
  logRequests?: boolean;
}

export function createApp(deps: Deps, options: AppOptions = {}): Hono {
  const app = new Hono();
  if (options.logRequests ?? true) app.use('*', requestLog(deps.log));
  app.use('*', securityHeaders());
  app.onError(errorHandler(deps.log));
  app.use('/api/*', corsPolicy(deps.config));
  app.use(
    '/api/*',
    postRateLimit({
      perMinute: deps.config.postRateLimitPerMinute,
      trustProxy: deps.config.trustProxy,
      clock: () => nowOf(deps),
    }),
  );
  app.use('/api/*', jsonBodiesOnly());

  app.route(HEALTH_PATH, health(deps));
  app.route('/api/v1/contact', contact(deps));
  app.route('/api/v1/free', free(deps));
  app.route('/api/v1/form', form(deps));
  app.route('/api/v1/now', now(deps));
  const quizAnswers = quizAnswersLead(deps);
  app.route('/api/v1/quiz', quiz(deps, quizAnswers));
  app.route('/api/v1/sync', sync(deps, leadResources(quizAnswers)));
  app.route('/api/v1/get-contact', getContact(deps));
  app.route('/api/admin', admin(deps));
  app.route('/api/v1/certificates', certificatesApi(deps));
  app.all('/api', (c) => c.json({ message: API_MESSAGES.notFound }, 404));
  app.all('/api/*', (c) => c.json({ message: API_MESSAGES.notFound }, 404));

  // Server-rendered (public certificate verification), so it must come before the site.
  app.route('/certificate', certificatePage(deps));
  const site = staticSite(deps.config.staticDir);
  app.on(['GET', 'HEAD'], '*', site);
  app.notFound((c) => c.json({ message: API_MESSAGES.notFound }, 404));
  return app;
}
