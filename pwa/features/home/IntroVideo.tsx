import { useEffect, useState } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { INTRO_VIDEO } from '../../content/home.ts';

/** Intro video popup: opens on page load, 9:16, autoplays muted with controls. */
export function IntroVideo() {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(true), []);
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={INTRO_VIDEO.title} className="modal--video" closeLabel="Close video">
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
