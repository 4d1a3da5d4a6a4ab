// The consent notice beside every form's submit button (DPDP Act 2023 and Rules 2025): what
// is collected, why, how to withdraw consent or have it erased, and whom to contact, with
// the privacy policy; a separate, unticked WhatsApp/phone opt-in; and, where asked (the
// personality sign-up, an enquiry for a school student), whether the person is 18 or older
// or a parent or guardian agrees, with the guardian's email.
import { Field, useFormikContext } from 'formik';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ConsentValues } from '../../../contract/consent.ts';
import { SITE } from '../../config/site.ts';
import { TextField } from './TextField.tsx';
import './consent.css';

export function ConsentFields({ collects, askAge }: { collects: string; askAge: boolean }) {
  const id = useId();
  const { values, errors, touched } = useFormikContext<ConsentValues>();
  const ageError = touched.age ? errors.age : undefined;
  return (
    <div className="consent">
      <p className="consent__title" id={`${id}-title`}>
        How we use your details
      </p>
      <ul className="consent__items" aria-labelledby={`${id}-title`}>
        <li>
          <strong>What:</strong> {collects}, and how you reached our site.
        </li>
        <li>
          <strong>Why:</strong> to answer you and arrange your classes. We never sell it.
        </li>
        <li>
          <strong>Withdraw or erase:</strong> any time, at <Link to="/delete-my-data">Delete my data</Link>.
        </li>
        <li>
          <strong>Questions:</strong> our {SITE.grievance.title}, <a href={`mailto:${SITE.grievance.email}`}>{SITE.grievance.email}</a>. See
          the <Link to="/privacy-policy">privacy policy</Link>.
        </li>
      </ul>
      <label className="consent__check">
        <Field type="checkbox" name="marketingOptIn" /> Also send me course updates on WhatsApp or by phone (optional)
      </label>
      {askAge && (
        <fieldset className="consent__age" aria-describedby={ageError ? `${id}-age-err` : undefined}>
          <legend>Your age</legend>
          <label className="consent__check">
            <Field type="radio" name="age" value="adult" /> I am 18 or older
          </label>
          <label className="consent__check">
            <Field type="radio" name="age" value="guardian" /> I am under 18 and my parent or guardian agrees
          </label>
          {ageError && (
            <p id={`${id}-age-err`} className="field__error" data-testid="error-age">
              {ageError}
            </p>
          )}
          {values.age === 'guardian' && (
            <TextField name="guardianEmail" label="Parent's or guardian's email" type="email" autoComplete="off" />
          )}
        </fieldset>
      )}
    </div>
  );
}
