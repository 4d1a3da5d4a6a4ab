// /outbox: every submission this device holds, with its state, and what the user can do:
// retry now, fix and resend an item the server rejected, or discard it.
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../../../contract/lead-signals.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import { Meta } from '../../components/Meta.tsx';
import { discard, resend, retryNow, storagePersisted } from '../../lib/outbox/client.ts';
import type { OutboxItem } from '../../lib/outbox/types.ts';
import { useOutbox } from '../../lib/outbox/useOutbox.ts';
import { DIRECT_ONLY_MESSAGE } from '../../lib/submit.ts';
import { fieldLabel, schemaFor } from './schemas.ts';
import './outbox.css';

const STATE_TEXT: Record<OutboxItem['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending…',
  sent: 'Sent',
  attention: 'Needs attention',
};

/** A phone shows the first 100; a whole classroom's queue is summarised, not rendered. */
const SHOWN_MAX = 100;
const STATE_ORDER: Record<OutboxItem['state'], number> = { attention: 0, sending: 1, waiting: 2, sent: 3 };

/** What needs the user first, then what is still on its way (oldest first), then the newest sent. */
function ordered(items: OutboxItem[]): OutboxItem[] {
  return [...items].sort(
    (a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || (a.state === 'sent' ? (b.sentAt ?? 0) - (a.sentAt ?? 0) : a.seq - b.seq),
  );
}

function when(ms: number): string {
  return new Date(ms).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

function summary(item: OutboxItem): string {
  const b = item.body;
  const who = [b.firstName, b.lastName].filter(Boolean).join(' ') || String(b.name ?? '');
  return [who, b.email].filter(Boolean).join(' · ');
}

function FixForm({ item, onDone }: { item: OutboxItem; onDone: () => void }) {
  // The visitor's fields; the form's fill time and honeypot are not theirs to edit.
  const fields = Object.keys(item.body).filter(
    (k) => k !== FILL_TIME_FIELD && k !== HONEYPOT_FIELD && (typeof item.body[k] === 'string' || typeof item.body[k] === 'number'),
  );
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(fields.map((f) => [f, String(item.body[f] ?? '')])));
  const [errors, setErrors] = useState<Record<string, string>>(item.lastErrors ?? {});
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const schema = schemaFor(item.path);
    const body = { ...item.body, ...values };
    if (schema) {
      try {
        await schema.validate(body, { abortEarly: false });
      } catch (err) {
        if (err instanceof ValidationError) {
          setErrors(Object.fromEntries(err.inner.map((i) => [i.path ?? '', i.message])));
          return;
        }
      }
    }
    await resend(item.id, body);
    onDone();
  };
  return (
    <form className="outbox-fix" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Fix ${item.label}`}>
      {fields.map((f) => {
        const id = `fix-${item.id}-${f}`;
        return (
          <div key={f} className="outbox-fix__field">
            <label htmlFor={id}>{fieldLabel(item.path, f)}</label>
            <input
              id={id}
              type={f === 'password' ? 'password' : f === 'email' ? 'email' : 'text'}
              value={values[f] ?? ''}
              aria-invalid={errors[f] ? true : undefined}
              aria-describedby={errors[f] ? `${id}-error` : undefined}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            />
            {errors[f] && (
              <p id={`${id}-error`} className="outbox-fix__error">
                {errors[f]}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="btn btn--primary">
        Resend
      </button>
    </form>
  );
}

export function OutboxPage() {
  const { items, pending, available } = useOutbox();
  const [persisted, setPersisted] = useState<boolean | undefined>();
  const [fixing, setFixing] = useState<string | undefined>();
  useEffect(() => {
    void storagePersisted().then(setPersisted, () => setPersisted(undefined));
  }, [items.length]);

  return (
    <div className="outbox-page container">
      <Meta
        title="Outbox — submissions on this device"
        description="Forms and test answers saved on this device and waiting to be sent."
        robots="noindex"
      />
      <h1>Outbox</h1>
      <p className="outbox-page__lead">
        Everything you submit is saved on this device first and sent as soon as there is a connection.
        {pending === undefined ? '' : pending > 0 ? ` ${pending} waiting.` : ' Nothing is waiting.'}
      </p>
      {available === false && (
        <p className="outbox-page__warning" role="note">
          {DIRECT_ONLY_MESSAGE}
        </p>
      )}
      {available && persisted === false && pending !== undefined && pending > 0 && (
        <p className="outbox-page__warning" role="note">
          Your browser has not promised to keep this app's storage: clearing site data or browsing history would lose the items still
          waiting.
        </p>
      )}
      {items.length === 0 ? (
        <p>No submissions on this device.</p>
      ) : (
        <ul className="outbox-list">
          {ordered(items)
            .slice(0, SHOWN_MAX)
            .map((item) => (
              <li key={item.id} className={`outbox-item outbox-item--${item.state}`} data-testid="outbox-item" data-state={item.state}>
                <div className="outbox-item__head">
                  <strong>{item.label}</strong>
                  <span className="outbox-item__state">{STATE_TEXT[item.state]}</span>
                </div>
                <p className="outbox-item__meta">
                  {summary(item)} · saved {when(item.createdAt)}
                  {item.state === 'sent' && item.sentAt ? ` · sent ${when(item.sentAt)}` : ''}
                  {item.state === 'waiting' && item.attempts > 0 ? ` · tried ${item.attempts}× · next try ${when(item.nextAttemptAt)}` : ''}
                </p>
                {item.state !== 'sent' && item.lastError && (
                  <p className="outbox-item__error" data-testid="outbox-error">
                    {item.lastError}
                  </p>
                )}
                <div className="outbox-item__actions">
                  {item.state === 'waiting' && (
                    <button type="button" className="btn" onClick={() => void retryNow(item.id)}>
                      Retry now
                    </button>
                  )}
                  {item.state === 'attention' && (
                    <>
                      <button
                        type="button"
                        className="btn"
                        onClick={() => setFixing(fixing === item.id ? undefined : item.id)}
                        aria-expanded={fixing === item.id}
                      >
                        Fix and resend
                      </button>
                      <button type="button" className="btn btn--ghost" onClick={() => void discard(item.id)}>
                        Discard
                      </button>
                    </>
                  )}
                </div>
                {fixing === item.id && item.state === 'attention' && <FixForm item={item} onDone={() => setFixing(undefined)} />}
              </li>
            ))}
        </ul>
      )}
      {items.length > SHOWN_MAX && (
        <p className="outbox-page__more">
          …and {items.length - SHOWN_MAX} more ({pending} not yet sent in all).
        </p>
      )}
    </div>
  );
}

export default OutboxPage;
