// GET /api/admin/events (any member): server-sent events for open consoles, `event: lead` with
// `{ list, type: 'created' | 'updated' | 'reminder', count, id?, … }` whenever leads arrive
// or change, or a next action comes due, on any API instance — only what this member may
// see (desk/event-filter.ts). The stream ends with `event: session-ended` as soon as its
// session does (logout, deactivation, a password or role change, announced on every
// instance through NOTIFY), and the session is checked again every heartbeat (15 s) for one
// that simply expired. Read with fetch (the token goes in the Authorization header, never in
// a URL).
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { CONSOLE_MESSAGES } from '../../contract/console.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { Deps } from '../deps.ts';
import { guard } from '../desk/access.ts';
import { eventFor } from '../desk/event-filter.ts';
import { authenticate } from '../auth/auth.ts';
import { HttpError } from '../http/http.ts';

/** Open streams per process; past it, the console works without live updates. */
export const MAX_STREAMS = 100;

export function events(deps: Deps): Hono {
  return new Hono().get('/', guard(deps, 'self'), (c) => {
    const hub = deps.events;
    if (!hub) throw new HttpError(503, API_MESSAGES.unavailable);
    if (hub.subscribers >= MAX_STREAMS) throw new HttpError(503, CONSOLE_MESSAGES.tooManyStreams, undefined, { 'Retry-After': '30' });
    const authorization = c.req.header('authorization');
    const session = c.get('adminSession');
    return streamSSE(c, async (stream) => {
      let ended = false;
      let check = false;
      let wake: (() => void) | undefined;
      const end = () => {
        ended = true;
        wake?.();
      };
      const unsubscribe = hub.subscribe(
        (channelEvent) => {
          const event = eventFor(session.admin, channelEvent);
          if (event) void stream.writeSSE({ event: 'lead', data: JSON.stringify(event) }).catch(end);
        },
        end,
        (payload) => {
          if (payload === session.admin.id || payload === `jti:${session.jti}`) {
            check = true;
            wake?.();
          }
        },
      );
      stream.onAbort(end);
      try {
        // Tells the console the stream is open (it refreshes once, for what it missed).
        await hub.listening();
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        while (!ended) {
          if (!check) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, deps.config.eventsHeartbeatMs).unref();
            });
          }
          if (ended) break;
          check = false;
          if (!(await authenticate(deps, authorization))) {
            await stream.writeSSE({ event: 'session-ended', data: JSON.stringify({ message: CONSOLE_MESSAGES.sessionEnded }) });
            break;
          }
          await stream.write(': keep-alive\n\n');
        }
      } finally {
        unsubscribe();
      }
    });
  });
}
