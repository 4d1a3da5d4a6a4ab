import { lazy, Suspense, useState } from 'react';
import { SOFT_SKILLS_COURSE } from '../../content/course.ts';
import { CoursePage } from '../../features/course/CoursePage.tsx';

// Both forms sit below the fold: Formik and yup load after the page itself is live.
const EnquiryForm = lazy(() => import('../../features/enquiry/EnquiryForm.tsx').then((m) => ({ default: m.EnquiryForm })));
const FreeJoinModal = lazy(() => import('../../features/free-join/FreeJoinModal.tsx'));
const BookingModal = lazy(() => import('../../features/booking/BookingModal.tsx'));

/** The booking form is open, for a package when a package's button opened it. */
type Booking = { packageName?: string } | undefined;

export default function CourseSoftSkillsRoute() {
  const [joinOpen, setJoinOpen] = useState(false);
  const [booking, setBooking] = useState<Booking>();
  return (
    <>
      <CoursePage
        onJoinFree={() => setJoinOpen(true)}
        onBook={(packageName) => setBooking(packageName ? { packageName } : {})}
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
      {booking && (
        <Suspense fallback={null}>
          <BookingModal programme={SOFT_SKILLS_COURSE.title} packageName={booking.packageName} onClose={() => setBooking(undefined)} />
        </Suspense>
      )}
    </>
  );
}
