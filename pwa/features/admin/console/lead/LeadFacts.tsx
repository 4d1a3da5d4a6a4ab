// What a lead says about itself: where the visitor came from (first and last touch) and
// what they consented to, and the quick note form. Untrusted text, shown as text.
import { useId, useState, type FormEvent } from 'react';
import { NO_CONSENT_ON_RECORD, type ConsentRecord } from '../../../../../contract/consent.ts';
import { NOTE_MAX } from '../../../../../contract/lead-detail.ts';
import { SOURCE_KEYS, type LeadSource, type SourceKey, type SourceTouch } from '../../../../../contract/lead-signals.ts';
import { formatDateTime } from '../common/format.ts';

const TOUCH_LABELS: Record<SourceKey, string> = {
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_term: 'utm_term',
  utm_content: 'utm_content',
  gclid: 'Google Ads click (gclid)',
  fbclid: 'Facebook click (fbclid)',
  referrer: 'Came from',
  landingPath: 'Landed on',
};

/** Where the visitor came from: their first landing and the latest from a campaign or another site. Untrusted text, shown as text. */
export function SourceSection({ source }: { source: LeadSource | null }) {
  const touches = [
    { title: 'First visit', touch: source?.first },
    { title: 'Latest campaign visit', touch: source?.last },
  ].filter((t): t is { title: string; touch: SourceTouch } => t.touch !== undefined);
  return (
    <section className="lead-source" aria-labelledby="lead-source-title">
      <h3 id="lead-source-title">Source</h3>
      {touches.length === 0 ? (
        <p className="muted">Not known: this submission came without one.</p>
      ) : (
        touches.map(({ title, touch }) => (
          <div key={title}>
            <h4>{title}</h4>
            <dl className="lead-fields">
              {SOURCE_KEYS.filter((k) => touch[k] !== undefined).map((k) => (
                <div key={k} className="lead-fields__row">
                  <dt>{TOUCH_LABELS[k]}</dt>
                  <dd>{touch[k]}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))
      )}
    </section>
  );
}

/** What the person consented to when they sent this (DPDP Act 2023). */
export function ConsentSection({ consent }: { consent: ConsentRecord | null }) {
  return (
    <section className="lead-source" aria-labelledby="lead-consent-title">
      <h3 id="lead-consent-title">Consent</h3>
      {consent ? (
        <dl className="lead-fields">
          {consent.basis ? (
            <div className="lead-fields__row">
              <dt>Collected on</dt>
              <dd>
                {consent.basis} (imported {formatDateTime(consent.at)})
              </dd>
            </div>
          ) : (
            <div className="lead-fields__row">
              <dt>Notice shown</dt>
              <dd>
                version {consent.version}, sent {formatDateTime(consent.at)}
              </dd>
            </div>
          )}
          <div className="lead-fields__row">
            <dt>WhatsApp / phone updates</dt>
            <dd>{consent.marketing ? 'Yes, opted in' : 'No'}</dd>
          </div>
          {consent.age && (
            <div className="lead-fields__row">
              <dt>Age</dt>
              <dd>
                {consent.age === 'adult'
                  ? '18 or older'
                  : `Under 18; a parent or guardian agrees (${consent.guardianEmail ?? 'no email given'})`}
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="muted" data-consent="none">
          <strong>{NO_CONSENT_ON_RECORD}</strong>: this submission came without it, so it gets no automatic email or marketing.
        </p>
      )}
    </section>
  );
}

export function NoteForm({ onNote }: { onNote: (note: string) => Promise<boolean> }) {
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return;
    setSaving(true);
    if (await onNote(note.trim())) setNote('');
    setSaving(false);
  };
  return (
    <form className="lead-note" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>Add a note</label>
      <textarea
        id={id}
        value={note}
        maxLength={NOTE_MAX}
        rows={3}
        onChange={(e) => setNote(e.target.value)}
        aria-describedby={`${id}-count`}
      />
      <div className="lead-note__foot">
        <span id={`${id}-count`} className="muted">
          {note.length}/{NOTE_MAX}
        </span>
        <button type="submit" className="btn btn--small" disabled={saving || !note.trim()}>
          {saving ? 'Saving…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}
