// One session, made for the projector: a large QR code and the short link to type, the
// organisation and date, and live counts of who joined and who finished (read again every
// few seconds while the page is open), the class report, and the organisation's enquiry.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useParams } from 'react-router-dom';
import { REPORT_MIN_FINISHED, SESSION_PATHS, type ClassroomSession } from '../../../../../contract/sessions.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { useMember } from '../common/member.tsx';
import { formatCount, formatDate } from '../common/format.ts';
import { useAdminData } from '../common/use-admin-data.ts';
import { QrCode } from '../../../../components/QrCode.tsx';
import { downloadReport } from './report-download.ts';

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

/** Said where the report's figures would be until enough students have finished. */
export const UNDER_MIN_TEXT = `Figures appear once ${REPORT_MIN_FINISHED} have finished, so no one student can be singled out.`;

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

/** The projector view filling the screen (the Fullscreen API), and back; hidden where the browser has none. */
function FullScreenButton({ target }: { target: RefObject<HTMLDivElement | null> }) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (typeof document !== 'undefined' && !document.fullscreenEnabled) return null;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void target.current?.requestFullscreen().catch(() => undefined);
  };
  return (
    <button type="button" className="btn btn--small btn--outline session-projector__full" onClick={toggle}>
      {full ? 'Leave full screen' : 'Full screen for the projector'}
    </button>
  );
}

function Projector({ session }: { session: ClassroomSession }) {
  const shown = session.url.replace(/^https?:\/\//, '');
  const view = useRef<HTMLDivElement>(null);
  return (
    <div className="session-projector" ref={view}>
      <QrCode text={session.url} label={`QR code for ${shown}`} />
      <div className="session-projector__side">
        <p className="session-projector__org">
          {session.organisation}
          {session.city ? `, ${session.city}` : ''} · {formatDate(session.date)}
        </p>
        <p>Scan the code, or open:</p>
        <p className="session-projector__link" data-testid="session-link">
          {shown}
        </p>
        <Counts session={session} />
        {session.finished < REPORT_MIN_FINISHED ? <p className="session-projector__rule">{UNDER_MIN_TEXT}</p> : null}
        <FullScreenButton target={view} />
      </div>
    </div>
  );
}

/** The report for the organisation, and the B2B enquiry the desk follows up (for those who read leads). */
function ReportActions({ session }: { session: ClassroomSession }) {
  const toast = useToast();
  const member = useMember();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await downloadReport(session.code).catch(() => toast.show('Could not download the report', 'error'));
    setBusy(false);
  };
  const ready = session.finished >= REPORT_MIN_FINISHED;
  return (
    <div className="session-page__report">
      <p>
        {ready
          ? 'The class report is ready: the class profile on the five domains, for the organisation.'
          : `The class report: ${UNDER_MIN_TEXT[0]!.toLowerCase()}${UNDER_MIN_TEXT.slice(1)}`}
      </p>
      <button type="button" className="btn btn--small" onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing…' : 'Download the report (PDF)'}
      </button>
      {session.leadId && member.can('leads.read') ? (
        <Link className="btn btn--small btn--outline" to={`/admin/need-help?open=${encodeURIComponent(session.leadId)}`}>
          Open the organisation's enquiry
        </Link>
      ) : null}
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
          <ReportActions session={session} />
        </>
      ) : loaded.state === 'loading' ? (
        <p aria-busy="true">Loading the session…</p>
      ) : null}
    </section>
  );
}
