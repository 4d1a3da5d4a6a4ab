// Two signs of a bot, with no third-party captcha (none loads offline, and none should see
// students' data): a honeypot field that people never see or reach, and how long the form
// was on screen before it was sent. The server files a submission showing either as spam
// and answers it like any other (contract/lead-signals.ts), so a bot learns nothing.
import { useRef, type ReactElement } from 'react';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../../../contract/lead-signals.ts';

/** What a form adds to its body: the fill time, and the honeypot only when something filled it. */
export type FormSignals = { [FILL_TIME_FIELD]: number } & { [HONEYPOT_FIELD]?: string };

export function useSpamTrap(): { trap: ReactElement; signals(): FormSignals } {
  // When the form was first shown (mounted: a dialog's form when the dialog opens).
  const shownAt = useRef<number | null>(null);
  if (shownAt.current === null) shownAt.current = performance.now();
  const input = useRef<HTMLInputElement>(null);
  const trap = (
    // Off-screen rather than display:none (which bots skip), out of the accessibility tree
    // and out of the tab order, so no person meets it.
    <div className="spam-trap" aria-hidden="true">
      <label>
        Website
        <input ref={input} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
  return {
    trap,
    signals: () => {
      const filled = input.current?.value ?? '';
      return { [FILL_TIME_FIELD]: Math.round(performance.now() - (shownAt.current ?? 0)), ...(filled ? { [HONEYPOT_FIELD]: filled } : {}) };
    },
  };
}
