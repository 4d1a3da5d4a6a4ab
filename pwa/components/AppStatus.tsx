// Small, always-present pieces of the installed app: the update prompt, delivery notices,
// and the discreet "Install app" offer.
import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateReady } from '../lib/pwa-register.ts';
import { DeliveryNotices } from './DeliveryNotices.tsx';
import './app-status.css';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => onUpdateReady(setReady), []);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>A new version is ready</span>
      <button type="button" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}

/** Offers the browser's install prompt from a small button, only when the browser has one. */
export function InstallButton() {
  const [event, setEvent] = useState<InstallPromptEvent | undefined>();
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as InstallPromptEvent);
    };
    const onInstalled = () => setEvent(undefined);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (!event) return null;
  return (
    <button
      type="button"
      className="install-button"
      onClick={() => {
        // A dismissed or failed prompt leaves the button for another try.
        void event
          .prompt()
          .then(() => event.userChoice)
          .then(
            () => setEvent(undefined),
            () => undefined,
          );
      }}
    >
      Install app
    </button>
  );
}

export function AppStatus() {
  return (
    <>
      <UpdatePrompt />
      <DeliveryNotices />
    </>
  );
}
