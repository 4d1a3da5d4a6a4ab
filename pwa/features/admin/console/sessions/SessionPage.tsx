// One session, made for the projector: a large QR code and the short link to type, the
// organisation and date, and live counts of who joined and who finished (read again every
// few seconds while the page is open), with the class report once it can be had.
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { REPORT_MIN_FINISHED, SESSION_PATHS, type ClassroomSession } from '../../../../../contract/sessions.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { ErrorNotice } from '../controls.tsx';
import { formatCount } from '../format.ts';
import { useAdminData } from '../use-admin-data.ts';
import { QrCode } from './QrCode.tsx';

/** How often the counts are read while the page is open: live enough for a class of 60. */
const REFRESH_MS = 3000;

function useLiveSession(code: string) {
  const [loaded, reload] = useAdminData<{ session: ClassroomSession }>(`${SESSION_PATHS.admin}/${code}`, 'Could not load the session');
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  // A failed read (the trainer's Wi-Fi dropping for a moment) keeps the QR code on the projector.
  const last = useRef<ClassroomSession | undefined>(undefined);
  if (loaded.state !== 'error' && loaded.data) last.current = loaded.data.session;
  return [loaded, reload, last.current] as const;
}

function Counts({ session }: { session: ClassroomSession }) {
  return (
    <dl className="session-counts" aria-live="polite">
      <div>
        <dt>Joined</dt>
        <dd data-testid="session-joined">
          {formatCount(session.joined)}
          {session.expected ? <small> of {formatCount(session.expected)}</small> : null}
        </dd>
      </div>
      <div>
        <dt>Finished</dt>
        <dd data-testid="session-finished">{formatCount(session.finished)}</dd>
      </div>
    </dl>
  );
}

function Projector({ session }: { session: ClassroomSession }) {
  const shown = session.url.replace(/^https?:\/\//, '');
  return (
    <div className="session-projector">
      <QrCode text={session.url} label={`QR code for ${shown}`} />
      <div className="session-projector__side">
        <p className="session-projector__org">
          {session.organisation}
          {session.city ? `, ${session.city}` : ''} · {session.date}
        </p>
        <p>Scan the code, or open:</p>
        <p className="session-projector__link" data-testid="session-link">
          {shown}
        </p>
        <Counts session={session} />
      </div>
    </div>
  );
}

export default function SessionPage() {
  const code = useParams().code ?? '';
  const [loaded, reload, session] = useLiveSession(code);
  return (
    <section className="console-page session-page" aria-labelledby="session-title">
      <Meta title={`Session ${code} | Admin`} description="A classroom session's QR code and live counts." robots="noindex" />
      <p>
        <Link to="/admin/sessions">← All sessions</Link>
      </p>
      <h1 id="session-title">Session {code}</h1>
      {loaded.state === 'error' ? <ErrorNotice message={loaded.message} onRetry={reload} /> : null}
      {session ? (
        <>
          <Projector session={session} />
          <p className="session-page__report">
            {session.finished >= REPORT_MIN_FINISHED
              ? 'The class report is ready below.'
              : `The class report opens once ${REPORT_MIN_FINISHED} students have finished.`}
          </p>
        </>
      ) : loaded.state === 'loading' ? (
        <p aria-busy="true">Loading the session…</p>
      ) : null}
    </section>
  );
}
