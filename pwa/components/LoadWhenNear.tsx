import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react';

/**
 * How far beyond the screen a deferred part starts loading: about two phone screens, so it
 * is live well before a reader scrolling at reading speed reaches it.
 */
const NEAR_MARGIN_PX = 1500;
/**
 * A click or a key anywhere on the page wakes it too. Whatever the reader then does that
 * updates the page above the part finds its code on its way, never a boundary left waiting:
 * a transition that reaches a boundary still as the server wrote it waits for that
 * boundary's code, and would otherwise wait until the reader scrolled near it.
 */
const WAKE_EVENTS = ['click', 'keydown'] as const;

/**
 * A lazy part of a page (a form far below the fold) whose code is fetched and run only when
 * its place comes near the screen, or the reader clicks or types. Until then the prerendered HTML stays as it
 * is: React leaves a boundary that has not hydrated as the server wrote it, so the reader
 * sees the part at once and the page's first seconds do not pay for code (Formik, yup and
 * the form itself) that the first screen does not use. A form's controls wait for it: its
 * choices and buttons are disabled until live, and text typed before is read back
 * (components/form/SubmitButton.tsx).
 *
 * Where there is no prerendered HTML to keep (a page reached by a link inside the app), or
 * React gives up hydrating it (a context above it changed first), the fallback is shown,
 * and showing it loads the part at once: it is never left blank.
 */
export function lazyWhenNear(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let open = () => {};
  // The prerender (no window) renders the part in full.
  const gate = typeof window === 'undefined' ? Promise.resolve() : new Promise<void>((resolve) => (open = resolve));
  const Part = lazy(() => gate.then(load));

  function LoadNow() {
    useEffect(() => open(), []);
    return null;
  }

  function WhenNear() {
    const place = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const el = place.current;
      if (!el || typeof IntersectionObserver === 'undefined') return open();
      const wake = () => {
        open();
        stop();
      };
      const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wake(), {
        rootMargin: `${NEAR_MARGIN_PX}px 0px`,
      });
      const stop = () => {
        io.disconnect();
        for (const type of WAKE_EVENTS) window.removeEventListener(type, wake, true);
      };
      io.observe(el);
      for (const type of WAKE_EVENTS) window.addEventListener(type, wake, true);
      return stop;
    }, []);
    return (
      <div ref={place}>
        <Suspense fallback={<LoadNow />}>
          <Part />
        </Suspense>
      </div>
    );
  }

  // No props, so a parent's re-render never reaches the boundary: an update to a boundary
  // that has not hydrated yet makes React drop its HTML and render it afresh.
  return memo(WhenNear);
}
