import { lazy, Suspense, useState } from 'react';
import { HomePage } from '../../features/home/HomePage.tsx';
import { ProfileSlot } from '../../features/quiz/ProfileSlot.tsx';

const FreeJoinModal = lazy(() => import('../../features/free-join/FreeJoinModal.tsx'));

export default function HomeRoute() {
  const [joinOpen, setJoinOpen] = useState(false);
  return (
    <>
      <ProfileSlot />
      <HomePage onJoinFree={() => setJoinOpen(true)} />
      {joinOpen && (
        <Suspense fallback={null}>
          <FreeJoinModal onClose={() => setJoinOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
