import { useField } from 'formik';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { IconEye } from '../Icons.tsx';
import './form.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  multiline?: boolean;
}

/** A labelled Formik field; its error is tied to the input for screen readers. */
export function TextField({ name, label, multiline, type = 'text', className, ...rest }: FieldProps) {
  const [field, meta] = useField(name);
  const id = useId();
  const error = meta.touched && meta.error ? meta.error : undefined;
  const common = {
    id,
    ...field,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-err` : undefined,
  };
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} rows={4} /> : <input {...common} type={type} {...rest} />}
      {error && (
        <p id={`${id}-err`} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A password field with a show / hide toggle. */
export function PasswordField({ name, label, autoComplete = 'current-password' }: { name: string; label: string; autoComplete?: string }) {
  const [field, meta] = useField(name);
  const [visible, setVisible] = useState(false);
  const id = useId();
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__password">
        <input
          id={id}
          {...field}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <IconEye off={visible} />
        </button>
      </div>
      {error && (
        <p id={`${id}-err`} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
