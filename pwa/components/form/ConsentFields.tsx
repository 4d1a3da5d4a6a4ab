// The consent notice beside every form's submit button (DPDP Act 2023 and Rules 2025): what
// is collected, why, how to withdraw consent or have it erased, and whom to contact, with
// the privacy policy; a separate, unticked WhatsApp/phone opt-in; and, where asked (the
// personality sign-up, an enquiry for a school student), whether the person is 18 or older
// or a parent or guardian agrees, with the guardian's email.
import { Field, useFormikContext } from 'formik';
import { useId } from 'react';
import { Link } from '../../i18n/links.tsx';
import type { ConsentValues } from '../../../contract/consent.ts';
import { SITE } from '../../config/site.ts';
import { TextField } from './TextField.tsx';
import { fill } from '../../i18n/LangContext.tsx';
import { useFormWords, useLocalize } from '../../i18n/useFormWords.ts';
import './consent.css';

export function ConsentFields({ collects, askAge }: { collects: string; askAge: boolean }) {
  const id = useId();
  const { values, errors, touched } = useFormikContext<ConsentValues>();
  const w = useFormWords();
  const localize = useLocalize();
  const ageError = touched.age && errors.age ? localize(errors.age) : undefined;
  return (
    <div className="consent">
      <p className="consent__title" id={`${id}-title`}>
        {w.consentTitle}
      </p>
      <ul className="consent__items" aria-labelledby={`${id}-title`}>
        <li>
          <strong>{w.consentWhatLabel}</strong> {fill(w.consentWhat, { collects })}
        </li>
        <li>
          <strong>{w.consentWhyLabel}</strong> {w.consentWhy}
        </li>
        <li>
          <strong>{w.consentEraseLabel}</strong> {w.consentEraseBefore} <Link to="/delete-my-data">{w.consentEraseLink}</Link>.
        </li>
        <li>
          <strong>{w.consentQuestionsLabel}</strong> {w.consentQuestionsOur} {w.grievanceTitle},{' '}
          <a href={`mailto:${SITE.grievance.email}`}>{SITE.grievance.email}</a>. {w.consentSeeThe}{' '}
          <Link to="/privacy-policy">{w.privacyPolicyLink}</Link>.
        </li>
      </ul>
      <label className="consent__check">
        <Field type="checkbox" name="marketingOptIn" /> {w.marketingOptIn}
      </label>
      {askAge && (
        <fieldset className="consent__age" aria-describedby={ageError ? `${id}-age-err` : undefined}>
          <legend>{w.ageLegend}</legend>
          <label className="consent__check">
            <Field type="radio" name="age" value="adult" /> {w.ageAdult}
          </label>
          <label className="consent__check">
            <Field type="radio" name="age" value="guardian" /> {w.ageGuardian}
          </label>
          {ageError && (
            <p id={`${id}-age-err`} className="field__error" data-testid="error-age">
              {ageError}
            </p>
          )}
          {values.age === 'guardian' && <TextField name="guardianEmail" label={w.guardianEmail} type="email" autoComplete="off" />}
        </fieldset>
      )}
    </div>
  );
}
