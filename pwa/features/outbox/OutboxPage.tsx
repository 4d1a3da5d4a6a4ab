// /outbox: every submission this device holds, with its state, and what the user can do:
// retry now, fix and resend an item the server rejected, or discard it.
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../../../contract/lead-signals.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import { hindiLabel } from '../../../contract/messages-hi.ts';
import { Meta } from '../../components/Meta.tsx';
import { OUTBOX_EN, type OutboxWords } from '../../content/outbox.ts';
import { fill, useLang } from '../../i18n/LangContext.tsx';
import { usePageContent } from '../../i18n/PageContent.tsx';
import { useLocalize } from '../../i18n/useFormWords.ts';
import { discard, resend, retryNow, storagePersisted } from '../../lib/outbox/client.ts';
import type { OutboxItem } from '../../lib/outbox/types.ts';
import { useOutbox } from '../../lib/outbox/useOutbox.ts';
import { fieldLabel, schemaFor } from './schemas.ts';
import './outbox.css';

/** The page's words: English, or the language's own where its site provides them (content/hi/outbox.ts). */
function useOutboxWords(): OutboxWords {
  return { ...OUTBOX_EN, ...usePageContent<OutboxWords>() };
}

const STATE_WORD: Record<OutboxItem['state'], keyof OutboxWords> = {
  waiting: 'waiting',
  sending: 'sending',
  sent: 'sent',
  attention: 'attention',
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

function when(ms: number, locale: string): string {
  return new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A field's label in the page's language: the registry's English one, or its Hindi name from the contract. */
function useFieldLabel(): (path: string, field: string) => string {
  const hindi = useLang() === 'hi';
  return (path, field) => {
    const english = fieldLabel(path, field);
    return hindi ? hindiLabel(english) : english;
  };
}

function summary(item: OutboxItem): string {
  const b = item.body;
  const who = [b.firstName, b.lastName].filter(Boolean).join(' ') || String(b.name ?? '');
  return [who, b.email].filter(Boolean).join(' · ');
}

function FixForm({ item, onDone }: { item: OutboxItem; onDone: () => void }) {
  const t = useOutboxWords();
  const localize = useLocalize();
  const labelOf = useFieldLabel();
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
          setErrors(Object.fromEntries(err.inner.map((i) => [i.path ?? '', localize(i.message)])));
          return;
        }
      }
    }
    await resend(item.id, body);
    onDone();
  };
  return (
    <form className="outbox-fix" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={fill(t.fixLabel, { label: item.label })}>
      {fields.map((f) => {
        const id = `fix-${item.id}-${f}`;
        return (
          <div key={f} className="outbox-fix__field">
            <label htmlFor={id}>{labelOf(item.path, f)}</label>
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
                {localize(errors[f])}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="btn btn--primary">
        {t.resend}
      </button>
    </form>
  );
}

/** One queued submission: what it is, where it stands, and what the visitor can do with it. */
function OutboxEntry({ item, fixing, onFix }: { item: OutboxItem; fixing: boolean; onFix: (open: boolean) => void }) {
  const t = useOutboxWords();
  const localize = useLocalize();
  const at = (ms: number) => when(ms, t.dateLocale);
  return (
    <li className={`outbox-item outbox-item--${item.state}`} data-testid="outbox-item" data-state={item.state}>
      <div className="outbox-item__head">
        <strong>{item.label}</strong>
        <span className="outbox-item__state">{t[STATE_WORD[item.state]]}</span>
      </div>
      <p className="outbox-item__meta">
        {summary(item)} · {fill(t.saved, { when: at(item.createdAt) })}
        {item.state === 'sent' && item.sentAt ? ` · ${fill(t.sentAt, { when: at(item.sentAt) })}` : ''}
        {item.state === 'waiting' && item.attempts > 0 ? ` · ${fill(t.tried, { n: item.attempts, when: at(item.nextAttemptAt) })}` : ''}
      </p>
      {item.state !== 'sent' && item.lastError && (
        <p className="outbox-item__error" data-testid="outbox-error">
          {localize(item.lastError)}
        </p>
      )}
      <div className="outbox-item__actions">
        {item.state === 'waiting' && (
          <button type="button" className="btn" onClick={() => void retryNow(item.id)}>
            {t.retryNow}
          </button>
        )}
        {item.state === 'attention' && (
          <>
            <button type="button" className="btn" onClick={() => onFix(!fixing)} aria-expanded={fixing}>
              {t.fixAndResend}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => void discard(item.id)}>
              {t.discard}
            </button>
          </>
        )}
      </div>
      {fixing && item.state === 'attention' && <FixForm item={item} onDone={() => onFix(false)} />}
    </li>
  );
}

export function OutboxPage() {
  const t = useOutboxWords();
  const { items, pending, available } = useOutbox();
  const [persisted, setPersisted] = useState<boolean | undefined>();
  const [fixing, setFixing] = useState<string | undefined>();
  useEffect(() => {
    void storagePersisted().then(setPersisted, () => setPersisted(undefined));
  }, [items.length]);

  return (
    <div className="outbox-page container">
      <Meta title={t.title} description={t.description} robots="noindex" />
      <h1>{t.heading}</h1>
      <p className="outbox-page__lead">
        {t.lead}
        {pending === undefined ? '' : pending > 0 ? ` ${fill(t.waitingCount, { n: pending })}` : ` ${t.nothingWaiting}`}
      </p>
      {available === false && (
        <p className="outbox-page__warning" role="note">
          {t.directOnly}
        </p>
      )}
      {available && persisted === false && pending !== undefined && pending > 0 && (
        <p className="outbox-page__warning" role="note">
          {t.notPersisted}
        </p>
      )}
      {items.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="outbox-list">
          {ordered(items)
            .slice(0, SHOWN_MAX)
            .map((item) => (
              <OutboxEntry key={item.id} item={item} fixing={fixing === item.id} onFix={(open) => setFixing(open ? item.id : undefined)} />
            ))}
        </ul>
      )}
      {items.length > SHOWN_MAX && (
        <p className="outbox-page__more">{fill(t.more, { n: items.length - SHOWN_MAX, pending: pending ?? 0 })}</p>
      )}
    </div>
  );
}

export default OutboxPage;
