import { useField } from 'formik';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { IconEye } from '../Icons.tsx';
import { fill } from '../../i18n/LangContext.tsx';
import { useFormWords, useLocalize } from '../../i18n/useFormWords.ts';
import './form.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: string;
  multiline?: boolean;
  /** The contract's length limit: a counter shows once the text nears it (multiline fields). */
  limit?: number;
}

/** The counter shows from this share of the limit: early enough to shorten, not noise for a short note. */
const COUNTER_FROM = 0.8;

function LengthCounter({ id, length, limit }: { id: string; length: number; limit: number }) {
  const w = useFormWords();
  if (length < limit * COUNTER_FROM) return null;
  const left = limit - length;
  return (
    <p
      id={id}
      className={left < 0 ? 'field__counter field__counter--over' : 'field__counter'}
      data-testid="length-counter"
      aria-live="polite"
    >
      {fill(left >= 0 ? w.charactersLeft : w.charactersOver, { n: Math.abs(left).toLocaleString('en-IN') })}
    </p>
  );
}

/** A labelled Formik field; its error is tied to the input for screen readers. */
export function TextField({ name, label, multiline, limit, type = 'text', className, ...rest }: FieldProps) {
  const [field, meta] = useField(name);
  const id = useId();
  const localize = useLocalize();
  const error = meta.touched && meta.error ? localize(meta.error) : undefined;
  const length = typeof field.value === 'string' ? field.value.length : 0;
  const counting = limit !== undefined && length >= limit * COUNTER_FROM;
  const describedBy = [error ? `${id}-err` : '', counting ? `${id}-count` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    ...field,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} rows={4} /> : <input {...common} type={type} {...rest} />}
      {limit !== undefined && <LengthCounter id={`${id}-count`} length={length} limit={limit} />}
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
  const w = useFormWords();
  const localize = useLocalize();
  const error = meta.touched && meta.error ? localize(meta.error) : undefined;
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
          aria-label={fill(visible ? w.hidePassword : w.showPassword, { label: label.toLowerCase() })}
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
