// Where the home page mounts the profile panel. The panel's code (the band descriptions
// in two languages, the outbox client) loads only for a visitor who has a result to see,
// so the landing page stays light for everyone else.
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadQuizResult, QUIZ_RESULT_EVENT, QUIZ_RESULT_KEY } from './quiz-storage.ts';

const ProfilePanel = lazy(() => import('./ProfilePanel.tsx').then((m) => ({ default: m.ProfilePanel })));

export function ProfileSlot({ className }: { className?: string }) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const check = () => {
      const stored = loadQuizResult();
      setShow(stored !== null && !stored.dismissed);
    };
    check();
    const onStorage = (event: StorageEvent) => {
      if (event.key === QUIZ_RESULT_KEY || event.key === null) check();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(QUIZ_RESULT_EVENT, check);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(QUIZ_RESULT_EVENT, check);
    };
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ProfilePanel className={className} />
    </Suspense>
  );
}
