// The session a phone is joining: read from the server when online and kept on the phone,
// so the page opens again with no connection; the kept copy when the network is gone.
import { useEffect, useState } from 'react';
import { SESSION_PATHS, sessionCodeOf, type PublicSession } from '../../../contract/sessions.ts';
import { keepSession, keptSession } from './session-storage.ts';

export type SessionInfo =
  | { state: 'loading' }
  | { state: 'ready'; session: PublicSession }
  /** No such session (or a code that cannot be one). */
  | { state: 'missing' }
  /** Offline, and this phone has never opened the session. */
  | { state: 'offline' };

export function useSessionInfo(rawCode: string | undefined): SessionInfo {
  const code = sessionCodeOf(rawCode);
  const [info, setInfo] = useState<SessionInfo>(() => {
    const kept = code ? keptSession(code) : undefined;
    return kept ? { state: 'ready', session: kept.session } : { state: 'loading' };
  });
  useEffect(() => {
    if (!code) {
      setInfo({ state: 'missing' });
      return;
    }
    let alive = true;
    fetch(`${SESSION_PATHS.public}/${code}`, { cache: 'no-store' })
      .then(async (res) => {
        if (!alive) return;
        if (res.status === 404) return setInfo({ state: 'missing' });
        if (!res.ok) throw new Error(`status ${res.status}`);
        const session = (await res.json()) as PublicSession;
        keepSession(session);
        if (alive) setInfo({ state: 'ready', session });
      })
      .catch(() => {
        // The network is gone (or the server is down): the kept copy, if this phone has one.
        const kept = keptSession(code);
        if (alive) setInfo(kept ? { state: 'ready', session: kept.session } : { state: 'offline' });
      });
    return () => {
      alive = false;
    };
  }, [code]);
  return info;
}
