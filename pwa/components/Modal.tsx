// A modal on the native <dialog>: focus is trapped and the rest of the page inert while it
// is open. Closes on Escape, on the close button and on a click on the backdrop; locks
// page scrolling while open; gives focus back to where it was when it closes.
import { useEffect, useRef, type ReactNode } from 'react';
import { useScrollLock } from '../hooks/useScrollLock.ts';
import { IconClose } from './Icons.tsx';
import './modal.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name; shown as the heading unless `hideTitle`. */
  title: string;
  hideTitle?: boolean;
  className?: string;
  closeLabel?: string;
  children: ReactNode;
}

export function Modal({ open, onClose, title, hideTitle, className, closeLabel = 'Close', children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useScrollLock(open);

  // Read while rendering the opening, before showModal or a field's autoFocus moves focus in.
  // The dialog is unmounted rather than close()d, so the browser's own return of focus never
  // runs; without this a keyboard or screen-reader user is left at the top of the page.
  const returnFocusTo = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') returnFocusTo.current = document.activeElement;
  wasOpen.current = open;
  useEffect(() => {
    if (!open) return;
    const target = returnFocusTo.current;
    return () => {
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  if (!open) return null;
  return (
    // The click handler only catches clicks on the backdrop; the keyboard's way out is
    // Escape (onCancel) and the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="modal__body">
        <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
          <IconClose />
        </button>
        {!hideTitle && <h2 className="modal__title">{title}</h2>}
        {children}
      </div>
    </dialog>
  );
}
