// On a relay, a session is the upstream's: the first time the relay is asked for a code it
// does not hold (a phone opening /s/{code}, the trainer opening the session), it reads the
// session from the upstream's public endpoint and keeps a copy, so the laptop serves the
// page, counts the class and makes the report with no internet afterwards. The trainer opens
// the session once on the relay while the laptop still has a connection (the checklist).
import { SESSION_PATHS, sessionCodeOf, type PublicSession } from '../../contract/sessions.ts';
import type { Deps } from '../deps.ts';

/**
 * `askedBy`: the member who opened it, who becomes its maker on the relay (a copy a phone
 * made first, with no maker, is theirs too), so the trainer sees the session they opened.
 */
export async function mirrorSession(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'relayFetch'>,
  code: string,
  askedBy: string | null = null,
): Promise<boolean> {
  const relay = deps.config.relay;
  if (!relay) return false;
  const send = deps.relayFetch ?? fetch;
  let session: PublicSession;
  try {
    const res = await send(`${relay.upstreamUrl}${SESSION_PATHS.public}/${code}`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return false;
    session = (await res.json()) as PublicSession;
  } catch (err) {
    deps.log(`relay: could not read session ${code} from the upstream (${err instanceof Error ? err.message : String(err)})`);
    return false;
  }
  if (sessionCodeOf(session.code) !== code) return false;
  await deps.db
    .insertInto('classroom_sessions')
    .values({
      code,
      organisation: session.organisation,
      city: session.city,
      date: session.date,
      language: session.language,
      audience: session.audience,
      created_by: askedBy,
    })
    .onConflict((oc) =>
      oc.column('code').doUpdateSet((eb) => ({ created_by: eb.fn.coalesce('classroom_sessions.created_by', 'excluded.created_by') })),
    )
    .execute();
  return true;
}
