// /s/{code}: a classroom session on a student's phone. The session's organisation and date,
// whether the phone is ready to go offline, then the join form, then the test in the
// session's language (the same test page, its answers carrying the session's code), then
// a thank-you that says whether the answers have gone or wait on the phone.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../i18n/links.tsx';
import type { PublicSession } from '../../../contract/sessions.ts';
import { Meta } from '../../components/Meta.tsx';
import { SESSION_WORDS, type SessionWords } from '../../content/session.ts';
import QuizPage from '../../features/quiz/QuizPage.tsx';
import { SessionCertificate } from '../../features/quiz/SessionCertificate.tsx';
import { JoinForm } from '../../features/session/JoinForm.tsx';
import { SessionHeader } from '../../features/session/SessionHeader.tsx';
import { keepFinished, keepStudent, keptSession, type SessionStudent } from '../../features/session/session-storage.ts';
import { useOfflineReady } from '../../features/session/useOfflineReady.ts';
import { useSessionInfo } from '../../features/session/useSessionInfo.ts';
import { useOutbox } from '../../lib/outbox/useOutbox.ts';
import '../../features/session/session.css';

function Finished({ words, student, onAgain }: { words: SessionWords; student: SessionStudent; onAgain: () => void }) {
  const { pending } = useOutbox();
  return (
    <div className="card session-done" data-testid="session-done">
      <h2>{words.thanks}</h2>
      <p role="status" data-testid="session-delivery" data-pending={pending}>
        {pending === undefined ? words.readingOutbox : pending > 0 ? words.waiting : student.email ? words.sentEmailed : words.sentNoEmail}
      </p>
      <SessionCertificate words={words} />
      <p>
        <Link to="/outbox">{words.outbox}</Link> ·{' '}
        <button type="button" className="btn btn--outline" onClick={onAgain}>
          {words.again}
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
  const words = SESSION_WORDS[session.language];
  if (!student) return <JoinForm session={session} words={words} onJoined={join} />;
  if (finished) return <Finished words={words} student={student} onAgain={() => finish(false)} />;
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
            <div lang={SESSION_WORDS[info.session.language].lang}>
              <SessionHeader session={info.session} words={SESSION_WORDS[info.session.language]} readiness={readiness} />
              <SessionFlow session={info.session} />
            </div>
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
