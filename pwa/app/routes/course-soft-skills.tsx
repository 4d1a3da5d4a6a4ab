import { lazy, Suspense, useState } from 'react';
import { CoursePage } from '../../features/course/CoursePage.tsx';

// Both forms sit below the fold: Formik and yup load after the page itself is live.
const EnquiryForm = lazy(() => import('../../features/enquiry/EnquiryForm.tsx').then((m) => ({ default: m.EnquiryForm })));
const FreeJoinModal = lazy(() => import('../../features/free-join/FreeJoinModal.tsx'));

export default function CourseSoftSkillsRoute() {
  const [joinOpen, setJoinOpen] = useState(false);
  return (
    <>
      <CoursePage
        onJoinFree={() => setJoinOpen(true)}
        enquiry={
          <Suspense fallback={null}>
            <EnquiryForm />
          </Suspense>
        }
      />
      {joinOpen && (
        <Suspense fallback={null}>
          <FreeJoinModal onClose={() => setJoinOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
