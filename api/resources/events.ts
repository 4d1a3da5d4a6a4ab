// GET /api/admin/events (admin): server-sent events for open consoles, `event: lead` with
// `{ list, type: 'created' | 'updated', count, id? }` whenever leads arrive or change, on
// any API instance. The session is checked again every heartbeat (15 s): a logged-out or
// expired token ends the stream with `event: session-ended`. Read with fetch (the token goes
// in the Authorization header, never in a URL).
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { CONSOLE_MESSAGES } from '../../contract/console.ts';
import { API_MESSAGES } from '../../contract/messages.ts';
import type { Deps } from '../deps.ts';
import { authenticate, requireAdmin } from '../lib/auth.ts';
import { HttpError } from '../lib/http.ts';

/** Open streams per process; past it, the console works without live updates. */
export const MAX_STREAMS = 100;

export function events(deps: Deps): Hono {
  return new Hono().get('/', requireAdmin(deps), (c) => {
    const hub = deps.events;
    if (!hub) throw new HttpError(503, API_MESSAGES.unavailable);
    if (hub.subscribers >= MAX_STREAMS) throw new HttpError(503, CONSOLE_MESSAGES.tooManyStreams, undefined, { 'Retry-After': '30' });
    const authorization = c.req.header('authorization');
    return streamSSE(c, async (stream) => {
      let ended = false;
      let wake: (() => void) | undefined;
      const end = () => {
        ended = true;
        wake?.();
      };
      const unsubscribe = hub.subscribe((event) => void stream.writeSSE({ event: 'lead', data: JSON.stringify(event) }).catch(end), end);
      stream.onAbort(end);
      try {
        // Tells the console the stream is open (it refreshes once, for what it missed).
        await hub.listening();
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        while (!ended) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, deps.config.eventsHeartbeatMs).unref();
          });
          if (ended) break;
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
