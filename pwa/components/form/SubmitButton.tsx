import { useFormikContext } from 'formik';
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
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext();
  const invalid = Object.keys(errors).length > 0;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValidating || !invalid) return;
    const form = button.current?.form;
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
    // Once per submit: typing into the field must not pull the page back to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, isSubmitting, isValidating]);
}

/** A Formik form's submit button: disabled until the page is live (see useHydrated) and while submitting. */
export function SubmitButton({ label, busyLabel, block = false }: Props) {
  const hydrated = useHydrated();
  const { isSubmitting } = useFormikContext();
  const ref = useRef<HTMLButtonElement>(null);
  useFocusFirstError(ref);
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
