// Whether a submission saved on this device has reached the server: the outbox announces
// each delivery (lib/outbox/client.ts), and the confirmation says "sent" when it does.
import { useEffect, useState } from 'react';
import { onOutboxEvent } from '../../lib/outbox/client.ts';

export function useDelivered(id: string, deliveredAlready: boolean): boolean {
  const [delivered, setDelivered] = useState(deliveredAlready);
  useEffect(() => {
    if (delivered) return;
    return onOutboxEvent((event) => {
      if (event.type === 'outcome' && event.id === id && event.state === 'sent') setDelivered(true);
    });
  }, [id, delivered]);
  return delivered;
}
