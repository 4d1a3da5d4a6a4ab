import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { useToastShowing } from '../../components/Toast.tsx';
import { INTRO_VIDEO } from '../../content/home.ts';
import { readItem, writeItem } from '../../lib/storage.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { useChrome } from '../../i18n/LangContext.tsx';
import { whenPageIdle } from '../../lib/page-idle.ts';

/** What Chromium's Network Information API tells (other browsers have none: treated as not metered). */
interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * The browser asks to save data, or the connection is a slow mobile one: a video playing by
 * itself would spend a student's metered plan, so the popup does not open. It is not marked
 * as seen either: the first visit home on a better connection shows it.
 */
export function savesData(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: ConnectionHints }).connection;
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}

/**
 * Intro video popup (9:16, autoplays muted with controls). It opens at most once per
 * visitor, on their first visit to the home page, and never over a message: not when they
 * arrive with one (after the test or a registration) and not after one appears (it closes).
 * It opens once the page has loaded, after the more urgent work: a playing video (its
 * frames, its controls) was most of the home page's main-thread work while the first
 * screen loaded.
 */
export function IntroVideo({ title = INTRO_VIDEO.title }: { title?: string }) {
  const t = useChrome();
  const [open, setOpen] = useState(false);
  const toastShowing = useToastShowing();
  const toastShown = useRef(toastShowing);
  useEffect(() => {
    if (readItem(STORAGE_KEYS.introVideoSeen) !== null || savesData()) return;
    // The first visit home decides, message or not: a visitor who arrives with one (after
    // the test or a registration) has found their way already.
    writeItem(STORAGE_KEYS.introVideoSeen, new Date().toISOString());
    if (toastShowing) return;
    // Not cancelled on unmount: this effect decides once (development's rehearsal unmount
    // would cancel the only decision), and setting the state of an unmounted popup is a no-op.
    whenPageIdle(() => {
      if (!toastShown.current) setOpen(true);
    });
    // Only the first render decides: a message that comes and goes later must not open it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    // A message that appears before the popup opens keeps it shut, as one that appears later closes it.
    toastShown.current ||= toastShowing;
    if (toastShowing) setOpen(false);
  }, [toastShowing]);
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={title} className="modal--video" closeLabel={t.closeVideo}>
      <video
        className="intro-video"
        poster={INTRO_VIDEO.poster}
        width={INTRO_VIDEO.width}
        height={INTRO_VIDEO.height}
        autoPlay
        muted
        controls
        playsInline
        loop
        preload="auto"
      >
        {INTRO_VIDEO.sources.map((s) => (
          <source key={s.src} src={s.src} type={s.type} />
        ))}
      </video>
    </Modal>
  );
}
