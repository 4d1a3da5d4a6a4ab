// The top of a session's page on a phone: where and when, and whether the phone is ready
// to carry on with no connection.
import type { PublicSession } from '../../../contract/sessions.ts';
import type { SessionWords } from '../../content/session.ts';
import type { OfflineReadiness } from './useOfflineReady.ts';

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function SessionHeader({ session, words, readiness }: { session: PublicSession; words: SessionWords; readiness: OfflineReadiness }) {
  return (
    <header className="session-header">
      <p className="session-header__org" data-testid="session-organisation">
        {session.organisation}
        {session.city ? `, ${session.city}` : ''}
      </p>
      <p>{DATE.format(new Date(`${session.date}T00:00:00Z`))}</p>
      <p
        className={`session-header__ready session-header__ready--${readiness}`}
        role="status"
        data-testid="offline-ready"
        data-state={readiness}
      >
        {words[readiness]}
      </p>
    </header>
  );
}
