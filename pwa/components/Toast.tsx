// Toast messages for form outcomes. The live region is always in the page, so screen
// readers announce each message as it is added.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useChrome } from '../i18n/LangContext.tsx';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'info';
/** A button in the message ("Undo"): pressing it runs `run` and closes the message. */
export interface ToastAction {
  label: string;
  run: () => void;
}
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}
interface ToastApi {
  show(message: string, kind?: ToastKind, action?: ToastAction): void;
}

const ToastContext = createContext<ToastApi>({ show: () => undefined });
/** How many messages are on screen (its own context: only what must stay clear of them re-renders). */
const ToastCountContext = createContext(0);

export const TOAST_MS = 5000;
/** A message with a button stays longer: time to read it and decide. */
export const TOAST_ACTION_MS = 12_000;

/**
 * The messages are raised into the browser's top layer (a manual popover) each time one is
 * added, so a modal <dialog> open below them (the console's lead panel, the site's booking
 * form) never hides them behind its backdrop. The region stays in the page either way, for
 * screen readers. `corner`: bottom right (the console); otherwise over the site's header.
 */
export function ToastProvider({ children, corner = false }: { children: ReactNode; corner?: boolean }) {
  const dismissLabel = useChrome().dismissMessage;
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = region.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (toasts.length > 0) el.showPopover();
  }, [toasts]);
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (message: string, kind: ToastKind = 'info', action?: ToastAction) => {
      const id = nextId.current++;
      setToasts((t) => [...t.slice(-2), { id, kind, message, ...(action ? { action } : {}) }]);
      window.setTimeout(() => dismiss(id), action ? TOAST_ACTION_MS : TOAST_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      <ToastCountContext.Provider value={toasts.length}>{children}</ToastCountContext.Provider>
      <div
        ref={region}
        className={corner ? 'toasts toasts--layer toasts--corner' : 'toasts toasts--layer'}
        role="status"
        aria-live="polite"
        aria-atomic="false"
        popover="manual"
      >
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast--${t.kind}`} data-testid="toast">
            <span>{t.message}</span>
            {t.action && (
              <button
                type="button"
                className="toast__action"
                onClick={() => {
                  dismiss(t.id);
                  t.action?.run();
                }}
              >
                {t.action.label}
              </button>
            )}
            <button type="button" className="toast__close" aria-label={dismissLabel} onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

/** True while a message is on screen (a popup must not cover it). */
export function useToastShowing(): boolean {
  return useContext(ToastCountContext) > 0;
}
