import { Field, Form, Formik } from 'formik';
import { useId, useState } from 'react';
import { consentErrors, consentInput, EMPTY_CONSENT, type ConsentValues } from '../../../contract/consent.ts';
import { LEAD_PATHS } from '../../../contract/lead-kinds.ts';
import { enquirySchema } from '../../../contract/leads.ts';
import { MESSAGES } from '../../../contract/messages.ts';
import { BACKGROUND_OPTIONS, COURSE_OPTIONS } from '../../../contract/options.ts';
import { useSpamTrap } from '../../components/form/SpamTrap.tsx';
import { ConsentFields } from '../../components/form/ConsentFields.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { submit } from '../../lib/submit.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { useSubmitToast } from '../../hooks/useSubmitToast.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { useFormWords } from '../../i18n/useFormWords.ts';
import { optionText, useLeadFormWords } from '../../i18n/useLeadFormWords.ts';

interface EnquiryValues {
  background: string;
  course: string;
  name: string;
  email: string;
  phone: string;
}
const EMPTY: EnquiryValues = { background: '', course: '', name: '', email: '', phone: '' };
/** A school student is asked whether they are 18 or older, or a parent or guardian agrees. */
const asksAge = (values: EnquiryValues) => values.background === 'School Student';

/**
 * The two-step enquiry (spec §4): step 1 About You (background, course), step 2 Personal
 * Details. Next does nothing until both choices are made; there is no way back.
 */
export function EnquiryForm() {
  const showOutcome = useSubmitToast();
  const spam = useSpamTrap();
  const [step, setStep] = useState<1 | 2>(1);
  const id = useId();
  const f = useFormWords();
  const l = useLeadFormWords();
  const w = l.enquiry;
  // A choice made before the form is live would show in the list but not reach the form,
  // and Next would then do nothing: the first step waits for the form, as submit buttons do.
  const live = useHydrated();
  return (
    <section className="section section--alt" aria-labelledby={`${id}-h`}>
      <div className="container container--narrow">
        <Formik<EnquiryValues & ConsentValues>
          initialValues={{ ...EMPTY, ...EMPTY_CONSENT }}
          validationSchema={enquirySchema}
          validate={(values) => consentErrors(values, asksAge(values))}
          onSubmit={async (values, { resetForm }) => {
            const result = await submit(LEAD_PATHS.enquiry, enquirySchema.cast(values, { stripUnknown: true }), {
              ...spam.signals(),
              consent: consentInput(values, asksAge(values), new Date()),
            });
            const outcome = showOutcome(result, { success: MESSAGES.enquirySuccess, failure: MESSAGES.enquiryFailure });
            if (outcome.kind === 'failed') console.error('Enquiry submission failed', result.status, result.message);
            else resetForm({ values: { ...values, name: '', email: '', phone: '' } });
          }}
        >
          {({ values }) => (
            <Form noValidate className="form card" data-testid="enquiry-form">
              <h2 id={`${id}-h`}>{w.title}</h2>
              <p className="form__step" aria-live="polite">
                {fill(w.step, { n: step, name: step === 1 ? w.aboutYou : w.personalDetails })}
              </p>
              {step === 1 ? (
                <>
                  <div className="field">
                    <label htmlFor={`${id}-bg`}>{w.background}</label>
                    <Field as="select" id={`${id}-bg`} name="background" disabled={!live}>
                      <option value="">{w.chooseBackground}</option>
                      {BACKGROUND_OPTIONS.map((o) => (
                        <option key={o} value={o}>
                          {optionText(l.options.background, o)}
                        </option>
                      ))}
                    </Field>
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-course`}>{w.course}</label>
                    <Field as="select" id={`${id}-course`} name="course" disabled={!live}>
                      <option value="">{w.chooseCourse}</option>
                      {COURSE_OPTIONS.map((o) => (
                        <option key={o} value={o}>
                          {optionText(l.options.course, o)}
                        </option>
                      ))}
                    </Field>
                  </div>
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={!live}
                    onClick={() => {
                      if (values.background && values.course) setStep(2);
                    }}
                  >
                    {w.next}
                  </button>
                </>
              ) : (
                <>
                  <TextField name="name" label={l.name} autoComplete="name" />
                  <TextField name="email" label={f.email} type="email" autoComplete="email" />
                  <TextField name="phone" label={f.phone} type="tel" autoComplete="tel" inputMode="tel" />
                  <ConsentFields collects={w.collects} askAge={asksAge(values)} />
                  <SubmitButton label={l.submit} busyLabel={l.submitting} />
                </>
              )}
              {spam.trap}
            </Form>
          )}
        </Formik>
      </div>
    </section>
  );
}
