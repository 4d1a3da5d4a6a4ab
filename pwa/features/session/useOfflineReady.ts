// Whether this phone can now take the whole test with no connection: the service worker has
// installed (its install is the precache of the app, the quiz content and the shell every
// page opens from) and controls this page. Where the page is not a secure context (a plain
// http:// address on a local network) there is no service worker: 'unsupported'.
import { useEffect, useState } from 'react';

export type OfflineReadiness = 'checking' | 'ready' | 'unsupported';

export function useOfflineReady(): OfflineReadiness {
  const [state, setState] = useState<OfflineReadiness>('checking');
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) {
      setState('unsupported');
      return;
    }
    const container = navigator.serviceWorker;
    const check = () => {
      if (container.controller) setState('ready');
    };
    check();
    // The first visit's page is claimed once the worker has activated (pwa/sw.ts clientsClaim).
    container.addEventListener('controllerchange', check);
    void container.ready.then(check);
    return () => container.removeEventListener('controllerchange', check);
  }, []);
  return state;
}
