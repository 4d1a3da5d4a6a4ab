// "Buy now" and the paid packages' buttons: the booking form in a modal,
// then its confirmation with the payment. Lazy: none of it loads until a visitor asks.
import { useState } from 'react';
import { PAID_PACKAGE_NAMES } from '../../../contract/bookings.ts';
import { Modal } from '../../components/Modal.tsx';
import { useLeadFormWords } from '../../i18n/useLeadFormWords.ts';
import { BookingConfirmation } from './BookingConfirmation.tsx';
import { BookingForm, type Booked } from './BookingForm.tsx';
import { useBookingOptions } from './useBookingOptions.ts';
import './booking.css';

interface Props {
  programme: string;
  /** The package whose button was pressed; "Buy now" starts with the first paid one. */
  packageName?: string;
  onClose: () => void;
}

export default function BookingModal({ programme, packageName, onClose }: Props) {
  const options = useBookingOptions();
  const w = useLeadFormWords().booking;
  const [booked, setBooked] = useState<Booked>();
  const initial = { programme, package: packageName ?? PAID_PACKAGE_NAMES[0]! };
  return (
    <Modal open onClose={onClose} title={w.title} closeLabel={w.close} className="booking">
      {booked ? (
        <BookingConfirmation booked={booked} options={options} />
      ) : (
        <BookingForm initial={initial} batches={options?.batches ?? []} onBooked={setBooked} />
      )}
    </Modal>
  );
}
