import { getIn, useFormikContext } from 'formik';
import { useEffect, useRef, type RefObject } from 'react';
import { useHydrated } from '../../hooks/useHydrated.ts';

interface Props {
  label: string;
  /** Shown while the form is submitting. */
  busyLabel: string;
  /** Full width (the narrow card forms). */
  block?: boolean;
}

/**
 * After a submit that validation stopped, the first field with an error (in the page's order)
 * is scrolled into view and focused: on a phone the error may be far above the button, and a
 * screen reader then reads it. Every form has this button, so every form behaves alike.
 */
function useFocusFirstError(button: RefObject<HTMLButtonElement | null>) {
  const { submitCount, isSubmitting, errors } = useFormikContext();
  const handled = useRef(0);
  const invalid = Object.keys(errors).length > 0;
  useEffect(() => {
    // Once per submit, when validation has stopped it: typing afterwards never pulls the page back.
    if (isSubmitting || submitCount <= handled.current) return;
    handled.current = submitCount;
    if (!invalid) return;
    const form = button.current?.form;
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [submitCount, isSubmitting, invalid, button]);
}

/**
 * A sent submit: the button was disabled while sending, which drops focus to the page's body;
 * focus comes back to it (and so the view stays at the form and its message) instead of the
 * page being left wherever the browser puts it, the footer on a phone whose keyboard closed.
 */
function useFocusAfterSubmit(button: RefObject<HTMLButtonElement | null>) {
  const { isSubmitting } = useFormikContext();
  const wasSubmitting = useRef(false);
  useEffect(() => {
    const done = wasSubmitting.current && !isSubmitting;
    wasSubmitting.current = isSubmitting;
    const el = button.current;
    if (!done || !el) return;
    if (document.activeElement === null || document.activeElement === document.body) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: 'nearest' });
    }
  }, [isSubmitting, button]);
}

/**
 * What a field's box shows where the form's state says otherwise: a student on a slow
 * connection sees the prerendered form and types before the script has run, and React
 * (19.3) keeps that text in the box without telling the form; the submit would then say
 * "required" beside a filled-in field. Undefined where they agree.
 */
function shownValue(el: Element, state: unknown): string | boolean | undefined {
  // A yes/no box (a group of boxes keeps an array, and is left as it is).
  if (el instanceof HTMLInputElement && el.type === 'checkbox')
    return (state === undefined || typeof state === 'boolean') && el.checked !== Boolean(state) ? el.checked : undefined;
  if (el instanceof HTMLInputElement && el.type === 'radio') return el.checked && state !== el.value ? el.value : undefined;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
    if (el instanceof HTMLInputElement && ['hidden', 'submit', 'button', 'file'].includes(el.type)) return undefined;
    return el.value !== String(state ?? '') ? el.value : undefined;
  }
  return undefined;
}

/**
 * Once, when the form first goes live: every field that was changed before then is given to
 * the form's state, as if typed now (and checked as the visitor goes on). Every form has
 * this button, so every form does it.
 */
function useAdoptTypedBeforeLive(button: RefObject<HTMLButtonElement | null>) {
  const { values, setFieldValue } = useFormikContext();
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    for (const el of Array.from(button.current?.form?.elements ?? [])) {
      const name = el.getAttribute('name');
      if (!name) continue;
      const shown = shownValue(el, getIn(values, name));
      if (shown !== undefined) void setFieldValue(name, shown, false);
    }
  }, [button, values, setFieldValue]);
}

/** A Formik form's submit button: disabled until the page is live (see useHydrated) and while submitting. */
export function SubmitButton({ label, busyLabel, block = false }: Props) {
  const hydrated = useHydrated();
  const { isSubmitting } = useFormikContext();
  const ref = useRef<HTMLButtonElement>(null);
  useAdoptTypedBeforeLive(ref);
  useFocusFirstError(ref);
  useFocusAfterSubmit(ref);
  return (
    <button
      ref={ref}
      type="submit"
      className={block ? 'btn btn--accent btn--block' : 'btn btn--accent'}
      disabled={!hydrated || isSubmitting}
    >
      {isSubmitting ? busyLabel : label}
    </button>
  );
}
