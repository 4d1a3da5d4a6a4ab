// The whole HTTP surface: the API under /api, the built PWA everywhere else.
import { Hono } from 'hono';
import { answerInLanguage } from './http/answer-language.ts';
import { ADMIN_API_BASE } from '../contract/admin.ts';
import { HEALTH_PATH, SYNC_PATH } from '../contract/api.ts';
import { CERTIFICATE_PAGE_PATH, CERTIFICATES_API_PATH } from '../contract/quiz/api.ts';
import { API_MESSAGES } from '../contract/messages.ts';
import { nowOf, type Deps } from './deps.ts';
import { errorHandler } from './http/errors.ts';
import { corsPolicy, jsonBodiesOnly, securityHeaders } from './http/http-policy.ts';
import { createRateLimiter, postRateLimit, rateLimitErrorLog, type RateLimiter } from './limits/rate-limit.ts';
import { requestId, requestLog } from './http/request-log.ts';
import { admin } from './resources/admin.ts';
import { certificatePage, certificatesApi } from './resources/certificates.ts';
import { credentials } from './resources/credentials.ts';
import { health } from './resources/health.ts';
import { leadResources, leads } from './resources/leads.ts';
import { madeLeadResources } from './leads/resources.ts';
import { sync } from './resources/sync.ts';
import { BOOKING_PATHS } from '../contract/bookings.ts';
import { batchAdmin, bookingAdmin, bookingOptions, bookingUtr } from './resources/bookings.ts';
import { bookingPayment, gatewayWebhook, paymentEvents, receiptDownload, utrConfirmation } from './resources/payments.ts';
import { gatewayOf } from './payments/gateways.ts';
import { events } from './resources/events.ts';
import { CONSOLE_PATHS } from '../contract/console.ts';
import { ERASURE_PATHS } from '../contract/erasure.ts';
import { createBackgroundTasks } from './lib/background.ts';
import { audit } from './resources/audit.ts';
import { erasure } from './resources/erasure.ts';
import { exportCsv } from './resources/export.ts';
import { leadAdmin } from './resources/lead-admin.ts';
import { bulk } from './resources/bulk.ts';
import { overview } from './resources/overview.ts';
import { reports } from './resources/reports.ts';
import { REPORT_PATHS } from '../contract/reports.ts';
import { people } from './resources/people.ts';
import { DESK_PATHS } from '../contract/desk.ts';
import { assignment } from './resources/assignment.ts';
import { invitations } from './resources/invitations.ts';
import { myDayResource } from './resources/my-day.ts';
import { team } from './resources/team.ts';
import { WORKSPACE_PATHS } from '../contract/workspace.ts';
import { importResource, IMPORT_PATH_PATTERN } from './resources/import.ts';
import { search } from './resources/search.ts';
import { templates } from './resources/templates.ts';
import { views } from './resources/views.ts';
import { tags } from './resources/tags.ts';
import { TAGS_PATH } from '../contract/tags.ts';
import { rules } from './resources/rules.ts';
import { RULES_PATH } from '../contract/rules.ts';
import { scoreWeights } from './resources/score.ts';
import { SCORE_PATH } from '../contract/score.ts';
import { staticSite } from './static.ts';
import { createIngest } from './ingest/ingest.ts';
import { shedWhileDatabaseDown } from './limits/database-down.ts';
import { createEventPublisher } from './leads/event-publisher.ts';
import { SESSION_PATHS } from '../contract/sessions.ts';
import { sessionsAdmin, sessionsPublic } from './resources/sessions.ts';
import { RELAY_PATHS } from '../contract/relay.ts';
import { relayDeliveries } from './relay/access.ts';
import { relayKeys } from './resources/relay-keys.ts';
import { relayStatus } from './resources/relay.ts';
import { relayIngest } from './relay/queue.ts';
import { NOTIFY_PATHS } from '../contract/notifications.ts';
import { notifications } from './resources/notifications.ts';
import { push } from './resources/push.ts';
import { WEBINAR_PATHS } from '../contract/webinars.ts';
import { webinarsAdmin, webinarsPublic } from './resources/webinars.ts';

export interface AppOptions {
  /** Log one line per request (off in most tests). */
  logRequests?: boolean;
}

/** A limiter of `perMinute` on the app's database, for an allowance main.ts did not make. */
function limiterOf(deps: Deps, perMinute: number): RateLimiter {
  return createRateLimiter({ db: deps.db, perMinute, clock: () => nowOf(deps), onError: rateLimitErrorLog(deps.log) });
}

export function createApp(appDeps: Deps, options: AppOptions = {}): Hono {
  const { config } = appDeps;
  const publicLimiter = appDeps.rateLimiter ?? limiterOf(appDeps, config.postRateLimitPerMinute);
  const relayLimiter = appDeps.relayRateLimiter ?? limiterOf(appDeps, config.relayRateLimitPerMinute);
  const deps: Deps = {
    ...appDeps,
    // One queue of after-the-answer work for the app's resources (forgot-password, erasure links).
    tasks: appDeps.tasks ?? createBackgroundTasks(appDeps.log),
    rateLimiter: publicLimiter,
    relayRateLimiter: relayLimiter,
    // Read by guard() and the staff's ways in (resources/admin.ts, invitations.ts).
    staffRateLimiter: appDeps.staffRateLimiter ?? limiterOf(appDeps, config.staffRateLimitPerMinute),
    signInRateLimiter: appDeps.signInRateLimiter ?? limiterOf(appDeps, config.staffSignInRateLimitPerMinute),
  };
  const app = new Hono();
  app.use('*', requestId());
  if (deps.requestMetrics) app.use('*', deps.requestMetrics);
  if (options.logRequests ?? true) app.use('*', requestLog(deps.log));
  app.use('*', securityHeaders());
  app.onError(errorHandler(deps.log));
  app.use('/api/*', corsPolicy(deps.config));
  app.use('/api/*', answerInLanguage());
  // Before the relay's key check and the rate limit, which ask the database themselves.
  app.use('/api/*', shedWhileDatabaseDown(deps.databaseKnownDown));
  const gateway = gatewayOf(deps.config);
  // Each kind made with what it needs from the app (a booking's mail settings), beside the
  // listed kinds' definitions: later in leadResources' list, it takes the plain one's place.
  const others = madeLeadResources(deps);
  // A relay's key is checked before the rate limit, which counts the relay against its key's own allowance.
  app.use('/api/*', relayDeliveries(deps, new Set(leadResources(others).keys())));
  const allowances = {
    public: { limiter: publicLimiter, perMinute: config.postRateLimitPerMinute },
    relay: { limiter: relayLimiter, perMinute: config.relayRateLimitPerMinute },
  };
  // A gateway's signed events are not a visitor's submissions: a burst of payments must not use up a campus's allowance.
  const gatewayEvents = [BOOKING_PATHS.razorpayWebhook, BOOKING_PATHS.cashfreeWebhook];
  app.use('/api/*', postRateLimit(allowances, { trustProxy: config.trustProxy, uncounted: gatewayEvents }));
  // JSON only, but for a CSV file being imported (resources/import.ts, which checks its own type).
  app.use('/api/*', jsonBodiesOnly({ except: IMPORT_PATH_PATTERN }));

  app.route(HEALTH_PATH, health(deps));

  app.route(ERASURE_PATHS.request, erasure(deps));
  // One ingest for the app's single POSTs and batches: its in-flight keys and group commits are this instance's.
  const localIngest = createIngest({
    db: deps.db,
    log: deps.log,
    minFillMs: deps.config.spamMinFillMs,
    publish: createEventPublisher(deps.db, deps.log).publish,
  });
  // A relay queues what it took for the upstream before the phone hears the answer.
  const ingest = deps.config.relay ? relayIngest(localIngest, deps.db, () => deps.wakeRelay?.()) : localIngest;
  // Before the lead routes: /api/v1/bookings/options is not a booking.
  app.route(BOOKING_PATHS.options, bookingOptions(deps));
  app.route(BOOKING_PATHS.utr, bookingUtr(deps));
  app.route(BOOKING_PATHS.status, bookingPayment(deps));
  app.route(BOOKING_PATHS.razorpayWebhook, gatewayWebhook(deps, gateway, 'razorpay'));
  app.route(BOOKING_PATHS.cashfreeWebhook, gatewayWebhook(deps, gateway, 'cashfree'));
  app.route('/', leads(deps, ingest, others));
  app.route(SYNC_PATH, sync(deps, ingest, leadResources(others)));
  app.route(CONSOLE_PATHS.leads, leadAdmin(deps));
  app.route(CONSOLE_PATHS.leads, bulk(deps));
  app.route(CONSOLE_PATHS.export, exportCsv(deps));
  app.route(CONSOLE_PATHS.people, people(deps));
  app.route(CONSOLE_PATHS.overview, overview(deps));
  app.route(REPORT_PATHS.base, reports(deps));
  app.route(CONSOLE_PATHS.events, events(deps));
  app.route(ERASURE_PATHS.audit, audit(deps));
  app.route(DESK_PATHS.team, team(deps));
  app.route(DESK_PATHS.invitations, invitations(deps));
  app.route(DESK_PATHS.assignment, assignment(deps));
  app.route(RULES_PATH, rules(deps));
  app.route(SCORE_PATH, scoreWeights(deps));
  app.route(DESK_PATHS.myDay, myDayResource(deps));
  app.route(WORKSPACE_PATHS.templates, templates(deps));
  app.route(WORKSPACE_PATHS.search, search(deps));
  app.route(WORKSPACE_PATHS.views, views(deps));
  app.route(TAGS_PATH, tags(deps));
  app.route(WORKSPACE_PATHS.import, importResource(deps, ingest));
  app.route(BOOKING_PATHS.payment, bookingAdmin(deps));
  app.route(BOOKING_PATHS.payment, utrConfirmation(deps));
  app.route(BOOKING_PATHS.payment, receiptDownload(deps));
  app.route(BOOKING_PATHS.paymentEvents, paymentEvents(deps));
  app.route(BOOKING_PATHS.adminBatches, batchAdmin(deps));
  app.route(SESSION_PATHS.admin, sessionsAdmin(deps, ingest));
  app.route(WEBINAR_PATHS.admin, webinarsAdmin(deps));
  app.route(WEBINAR_PATHS.upcoming, webinarsPublic(deps));
  app.route(RELAY_PATHS.keys, relayKeys(deps));
  app.route(RELAY_PATHS.status, relayStatus(deps));
  app.route(SESSION_PATHS.public, sessionsPublic(deps));
  app.route(NOTIFY_PATHS.notifications, notifications(deps));
  app.route(NOTIFY_PATHS.push, push(deps));
  app.route(ADMIN_API_BASE, admin(deps));
  app.route('/', credentials(deps));
  app.route(CERTIFICATES_API_PATH, certificatesApi(deps));
  app.all('/api', (c) => c.json({ message: API_MESSAGES.notFound }, 404));
  app.all('/api/*', (c) => c.json({ message: API_MESSAGES.notFound }, 404));

  // Server-rendered (public certificate verification), so it must come before the site.
  app.route(CERTIFICATE_PAGE_PATH, certificatePage(deps));
  const site = staticSite(deps.config.staticDir, { publicUrl: deps.config.canonicalOrigin });
  app.on(['GET', 'HEAD'], '*', site);
  app.notFound((c) => c.json({ message: API_MESSAGES.notFound }, 404));
  return app;
}
