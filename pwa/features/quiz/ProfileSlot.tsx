// Where the home page mounts the profile panel. The panel's code (the band descriptions
// in two languages, the outbox client) loads only for a visitor who has a result to see,
// so the landing page stays light for everyone else.
import { lazy, Suspense } from 'react';
import { useStoredQuizResult } from './useStoredQuizResult.ts';

const ProfilePanel = lazy(() => import('./ProfilePanel.tsx').then((m) => ({ default: m.ProfilePanel })));

export function ProfileSlot({ className }: { className?: string }) {
  const [stored] = useStoredQuizResult();
  if (!stored || stored.dismissed) return null;
  return (
    <Suspense fallback={null}>
      <ProfilePanel className={className} />
    </Suspense>
  );
}
