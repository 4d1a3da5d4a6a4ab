import { lazy, Suspense, useState } from 'react';
import { lazyWhenNear } from '../../components/LoadWhenNear.tsx';
import { SOFT_SKILLS_COURSE } from '../../content/course.ts';
import { CoursePage } from '../../features/course/CoursePage.tsx';

// The enquiry sits at the foot of a long page: its code (Formik and yup among it) runs when
// the reader comes near it, not in the first seconds. The modals load when opened.
const EnquiryForm = lazyWhenNear(() => import('../../features/enquiry/EnquiryForm.tsx').then((m) => ({ default: m.EnquiryForm })));
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
        enquiry={<EnquiryForm />}
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
