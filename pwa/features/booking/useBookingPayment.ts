// Where a booking's payment stands (GET /api/v1/bookings/{reference}): asked again every few
// seconds while the gateway is still making its link or it is not paid yet, so the page
// shows the link the moment it exists and "Paid" the moment the gateway says so.
import { useEffect, useState } from 'react';
import { BOOKING_PATHS, type BookingPaymentState } from '../../../contract/bookings.ts';

const AGAIN_MS = 3_000;

/** undefined until the server has answered (offline, or the booking has not reached it yet). */
export function useBookingPayment(reference: string, enabled = true): BookingPaymentState | undefined {
  const [state, setState] = useState<BookingPaymentState>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      let next: BookingPaymentState | undefined;
      try {
        const res = await fetch(`${BOOKING_PATHS.status}/${encodeURIComponent(reference)}`, { headers: { Accept: 'application/json' } });
        next = res.ok ? ((await res.json()) as BookingPaymentState) : undefined;
      } catch {
        next = undefined;
      }
      if (!live) return;
      if (next) setState(next);
      if (next?.status === 'payment-pending' || !next) timer = setTimeout(() => void ask(), AGAIN_MS);
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [reference, enabled]);
  return state;
}
