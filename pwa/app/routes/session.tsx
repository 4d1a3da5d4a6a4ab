// /s/{code}: a classroom session on a student's phone. The session's organisation and date,
// whether the phone is ready to go offline, then the join form, then the test in the
// session's language (the same test page, its answers carrying the session's code), then
// a thank-you that says whether the answers have gone or wait on the phone.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { PublicSession } from '../../../contract/sessions.ts';
import { Meta } from '../../components/Meta.tsx';
import QuizPage from '../../features/quiz/QuizPage.tsx';
import { JoinForm } from '../../features/session/JoinForm.tsx';
import { SessionHeader } from '../../features/session/SessionHeader.tsx';
import { keepFinished, keepStudent, keptSession, type SessionStudent } from '../../features/session/session-storage.ts';
import { useOfflineReady } from '../../features/session/useOfflineReady.ts';
import { useSessionInfo } from '../../features/session/useSessionInfo.ts';
import { useOutbox } from '../../lib/outbox/useOutbox.ts';
import '../../features/session/session.css';

function Finished({ onAgain }: { onAgain: () => void }) {
  const { pending } = useOutbox();
  return (
    <div className="card session-done" data-testid="session-done">
      <h2>Thank you!</h2>
      <p role="status" data-testid="session-delivery" data-pending={pending}>
        {pending === undefined
          ? 'Checking whether your answers have gone…'
          : pending > 0
            ? 'Your answers are saved on this phone and will be sent by themselves when it is back online. Keep the app or browser installed until then.'
            : 'Your answers have been sent. Your certificate is on its way.'}
      </p>
      <p>
        <Link to="/outbox">What is waiting on this phone</Link> ·{' '}
        <button type="button" className="btn btn--outline" onClick={onAgain}>
          Take the test again
        </button>
      </p>
    </div>
  );
}

/** Where this phone's student is in the session: joining, taking the test, or done. */
function useStage(session: PublicSession) {
  const kept = keptSession(session.code);
  const [student, setStudent] = useState<SessionStudent | undefined>(kept?.student);
  const [finished, setFinished] = useState(kept?.finished === true);
  return {
    student,
    finished,
    join: (s: SessionStudent) => {
      keepStudent(session.code, s);
      setStudent(s);
      setFinished(false);
    },
    finish: (done: boolean) => {
      keepFinished(session.code, done);
      setFinished(done);
    },
  };
}

function SessionFlow({ session }: { session: PublicSession }) {
  const { student, finished, join, finish } = useStage(session);
  if (!student) return <JoinForm session={session} onJoined={join} />;
  if (finished) return <Finished onAgain={() => finish(false)} />;
  return <QuizPage language={session.language} taker={{ session: session.code, ...student }} onDone={() => finish(true)} />;
}

export default function SessionRoute() {
  const info = useSessionInfo(useParams().code);
  const readiness = useOfflineReady();
  return (
    <section className="section session-page">
      <Meta title="Classroom session" description="Join your class's SkillUp personality test session." robots="noindex" />
      <div className="container container--narrow">
        {info.state === 'ready' ? (
          <>
            <SessionHeader session={info.session} readiness={readiness} />
            <SessionFlow session={info.session} />
          </>
        ) : info.state === 'loading' ? (
          <p aria-busy="true">Opening the session…</p>
        ) : info.state === 'missing' ? (
          <p role="alert">There is no such session. Check the code on the screen and try again.</p>
        ) : (
          <p role="alert">This phone is offline and has not opened this session before. Connect once to open it.</p>
        )}
      </div>
    </section>
  );
}
