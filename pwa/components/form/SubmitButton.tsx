import { useFormikContext } from 'formik';
import { useHydrated } from '../../hooks/useHydrated.ts';

interface Props {
  label: string;
  /** Shown while the form is submitting. */
  busyLabel: string;
  /** Full width (the narrow card forms). */
  block?: boolean;
}

/** A Formik form's submit button: disabled until the page is live (see useHydrated) and while submitting. */
export function SubmitButton({ label, busyLabel, block = false }: Props) {
  const hydrated = useHydrated();
  const { isSubmitting } = useFormikContext();
  return (
    <button type="submit" className={block ? 'btn btn--accent btn--block' : 'btn btn--accent'} disabled={!hydrated || isSubmitting}>
      {isSubmitting ? busyLabel : label}
    </button>
  );
}
