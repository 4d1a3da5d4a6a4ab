// The booking form's batches and the payment settings (GET /api/v1/bookings/options). The
// last answer is kept on the device, so a form opened offline still lists the batches it
// saw last and the confirmation can offer payment; with nothing kept, only "Next available
// batch" is offered and payment waits for the connection.
import { useEffect, useState } from 'react';
import { BOOKING_PATHS, type BookingOptions } from '../../../contract/bookings.ts';
import { readStoredJson, writeItem } from '../../lib/storage.ts';

const KEPT = 'bookingOptions';

function kept(): BookingOptions | undefined {
  const value = readStoredJson(KEPT) as BookingOptions | undefined;
  return value && Array.isArray(value.batches) && value.payment ? value : undefined;
}

export function useBookingOptions(): BookingOptions | undefined {
  const [options, setOptions] = useState<BookingOptions | undefined>(kept);
  useEffect(() => {
    let live = true;
    fetch(BOOKING_PATHS.options, { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<BookingOptions>) : undefined))
      .then((fresh) => {
        if (!fresh || !live) return;
        writeItem(KEPT, JSON.stringify(fresh));
        setOptions(fresh);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return options;
}
