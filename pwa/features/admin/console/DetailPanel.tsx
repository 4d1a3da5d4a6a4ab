// A lead in full: every field (a contact message whole), its status, its notes and their
// history, and the same person's other submissions in any list (matched on email or phone),
// so one person who joined free, enquired and took the test reads as one story.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  CONSOLE_PATHS,
  leadPath,
  NOTE_MAX,
  type LeadDetail,
  type PeopleResponse,
  type PersonSubmission,
} from '../../../../contract/console.ts';
import {
  LEAD_KINDS,
  kindOfSlug,
  type LeadField,
  type LeadListDef,
  type LeadStatus,
  type ListSlug,
} from '../../../../contract/lead-kinds.ts';
import type { ConsentRecord } from '../../../../contract/consent.ts';
import { SOURCE_KEYS, type LeadSource, type SourceKey, type SourceTouch } from '../../../../contract/lead-signals.ts';
import { Modal } from '../../../components/Modal.tsx';
import { useToast } from '../../../components/Toast.tsx';
import { AdminRequestError, adminRequest } from './request.ts';
import { FieldValue, Scores } from './FieldValue.tsx';
import { formatDateTime, statusLabel } from './format.ts';
import { useListChanges } from './lead-events.tsx';
import { ConfirmErase, leadName, StatusSelect } from './controls.tsx';

interface Props {
  slug: ListSlug;
  list: LeadListDef;
  id: string;
  onClose(): void;
  /** The lead changed here: the list refreshes. */
  onChanged(): void;
  /** The lead was erased here: the panel closes, the list refreshes. */
  onErased(): void;
}

type State = { state: 'loading' } | { state: 'ready'; detail: LeadDetail } | { state: 'error'; message: string; status: number };

export function DetailPanel({ slug, list, id, onClose, onChanged, onErased }: Props) {
  const toast = useToast();
  const [loaded, setLoaded] = useState<State>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const [confirmErase, setConfirmErase] = useState(false);
  const [erasing, setErasing] = useState(false);
  const erase = async () => {
    setErasing(true);
    try {
      await adminRequest(leadPath(slug, id), { method: 'DELETE' });
      toast.show('Lead deleted', 'success');
      onErased();
    } catch (err) {
      if (err instanceof AdminRequestError && err.status !== 401)
        toast.show(err.serverMessage ?? 'Could not delete the lead. Please try again.', 'error');
      setErasing(false);
      setConfirmErase(false);
    }
  };

  useEffect(() => {
    const controller = new AbortController();
    adminRequest<LeadDetail>(leadPath(slug, id), { signal: controller.signal }).then(
      ({ data }) => setLoaded({ state: 'ready', detail: data }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const status = err instanceof AdminRequestError ? err.status : 0;
        setLoaded({
          state: 'error',
          status,
          message: err instanceof AdminRequestError && err.serverMessage ? err.serverMessage : 'Could not load this lead.',
        });
      },
    );
    return () => controller.abort();
  }, [slug, id, reload]);

  // Changed by another admin (or a bulk change): show the new state.
  useListChanges(slug, (change) => {
    if (change.all || change.ids.has(id)) setReload((n) => n + 1);
  });

  const update = useCallback(
    async (body: { status?: LeadStatus; note?: string }): Promise<boolean> => {
      try {
        const { data } = await adminRequest<LeadDetail>(leadPath(slug, id), { method: 'PATCH', body });
        setLoaded({ state: 'ready', detail: data });
        onChanged();
        return true;
      } catch (err) {
        if (err instanceof AdminRequestError && err.status !== 401)
          toast.show(err.serverMessage ?? 'Could not save. Please try again.', 'error');
        return false;
      }
    },
    [slug, id, onChanged, toast],
  );

  const title = loaded.state === 'ready' ? leadName(loaded.detail.data) || list.title : list.title;
  return (
    <Modal open onClose={onClose} title={title} className="lead-panel" closeLabel="Close the lead">
      {loaded.state === 'loading' && <p aria-busy="true">Loading…</p>}
      {loaded.state === 'error' && (
        <div className="console-error" role="alert">
          <p>{loaded.message}</p>
          {loaded.status !== 404 && (
            <button type="button" className="btn btn--small" onClick={() => setReload((n) => n + 1)}>
              Try again
            </button>
          )}
        </div>
      )}
      {loaded.state === 'ready' && (
        <LeadBody
          slug={slug}
          list={list}
          detail={loaded.detail}
          onStatus={async (status) => {
            if (await update({ status })) toast.show(`Status set to ${statusLabel(status)}`, 'success');
          }}
          onNote={(note) => update({ note })}
        />
      )}
      {loaded.state === 'ready' && (
        <div className="lead-erase">
          <button type="button" className="btn btn--danger btn--small" onClick={() => setConfirmErase(true)}>
            Delete this lead
          </button>
        </div>
      )}
      {confirmErase && <ConfirmErase count={1} busy={erasing} onCancel={() => setConfirmErase(false)} onConfirm={() => void erase()} />}
    </Modal>
  );
}

function LeadBody({
  slug,
  list,
  detail,
  onStatus,
  onNote,
}: {
  slug: ListSlug;
  list: LeadListDef;
  detail: LeadDetail;
  onStatus: (s: LeadStatus) => Promise<void>;
  onNote: (note: string) => Promise<boolean>;
}) {
  const item = detail.data;
  const fields: LeadField[] = [
    ...list.columns,
    { key: list.timeField, label: list.timeField === 'joinedAt' ? 'Joined' : 'Submitted', kind: 'date' },
  ];
  return (
    <div className="lead-panel__body">
      <dl className="lead-fields">
        {fields.map((f) => (
          <div key={f.key} className={`lead-fields__row lead-fields__row--${f.kind}`}>
            <dt>{f.label}</dt>
            <dd>
              <FieldValue field={f} item={item} full />
            </dd>
          </div>
        ))}
        <div className="lead-fields__row">
          <dt>Status</dt>
          <dd className="lead-status">
            <StatusSelect value={item.status} label="Status" onChange={(s) => void onStatus(s)} />
            {item.status === 'spam' && (
              <button type="button" className="btn btn--small" onClick={() => void onStatus('new')}>
                Not spam
              </button>
            )}
          </dd>
        </div>
      </dl>
      <SourceSection source={detail.source} />
      <ConsentSection consent={detail.consent} />
      <NoteForm onNote={onNote} />
      <History detail={detail} />
      <OtherSubmissions slug={slug} item={item} />
    </div>
  );
}

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
function SourceSection({ source }: { source: LeadSource | null }) {
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
function ConsentSection({ consent }: { consent: ConsentRecord | null }) {
  return (
    <section className="lead-source" aria-labelledby="lead-consent-title">
      <h3 id="lead-consent-title">Consent</h3>
      {consent ? (
        <dl className="lead-fields">
          <div className="lead-fields__row">
            <dt>Notice shown</dt>
            <dd>
              version {consent.version}, sent {formatDateTime(consent.at)}
            </dd>
          </div>
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
        <p className="muted">Not recorded: this submission came without it.</p>
      )}
    </section>
  );
}

function NoteForm({ onNote }: { onNote: (note: string) => Promise<boolean> }) {
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

function History({ detail }: { detail: LeadDetail }) {
  const entries = [...detail.history].reverse();
  return (
    <section className="lead-history" aria-labelledby="lead-history-title">
      <h3 id="lead-history-title">Notes and history</h3>
      {entries.length === 0 ? (
        <p className="muted">No notes or changes yet.</p>
      ) : (
        <ol>
          {entries.map((h) => (
            <li key={h._id} className={`lead-history__${h.action}`}>
              {h.action === 'note' ? (
                <blockquote>{h.note}</blockquote>
              ) : (
                <p>
                  Status: {statusLabel(h.from)} → <strong>{statusLabel(h.to)}</strong>
                </p>
              )}
              <p className="muted">
                {h.by}, <time dateTime={h.at}>{formatDateTime(h.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function submissionSummary(s: PersonSubmission): string {
  if (s.kind === 'test') return `Took the ${s.language === 'hinglish' ? 'Hinglish' : 'English'} test`;
  const kind = kindOfSlug(s.list);
  if (s.list === 'need-help') return `${String(s.background ?? '')}, ${String(s.course ?? '')}`;
  if (s.list === 'contact') return String(s.message ?? '').slice(0, 120);
  return kind ? LEAD_KINDS[kind].label : '';
}

function OtherSubmissions({ slug, item }: { slug: ListSlug; item: LeadDetail['data'] }) {
  const [found, setFound] = useState<PersonSubmission[] | undefined>();
  const [failed, setFailed] = useState(false);
  const email = typeof item.email === 'string' ? item.email : '';
  const phone = typeof item.phone === 'string' ? item.phone : '';
  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams();
    if (email) query.set('email', email);
    if (/^\d{10}$/.test(phone)) query.set('phone', phone);
    adminRequest<PeopleResponse>(`${CONSOLE_PATHS.people}?${query.toString()}`, { signal: controller.signal }).then(
      ({ data }) => setFound(data.data),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [email, phone]);
  const others = (found ?? []).filter((s) => !(s.kind === 'lead' && s.list === slug && s._id === item._id));
  return (
    <section className="lead-people" aria-labelledby="lead-people-title">
      <h3 id="lead-people-title">Other submissions by this person</h3>
      {failed ? (
        <p role="alert">Could not look up this person's other submissions.</p>
      ) : found === undefined ? (
        <p aria-busy="true" className="muted">
          Looking them up…
        </p>
      ) : others.length === 0 ? (
        <p className="muted">None: this is their only submission.</p>
      ) : (
        <ul>
          {others.map((s) => {
            const kind = kindOfSlug(s.list);
            const title = kind ? LEAD_KINDS[kind].list.title : s.list;
            return (
              <li key={`${s.kind}-${s._id}`}>
                <p>
                  <strong>{s.kind === 'test' ? 'Personality test taken' : title}</strong>,{' '}
                  <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
                  {s.status ? <span className={`status-pill status-pill--${s.status}`}>{statusLabel(s.status)}</span> : null}
                </p>
                <p className="muted">{submissionSummary(s)}</p>
                {s.kind === 'test' ? (
                  <Scores scores={s.scores} />
                ) : (
                  <Link to={`/admin/${s.list}?open=${encodeURIComponent(s._id)}`}>Open in {title}</Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
