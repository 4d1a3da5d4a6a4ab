// The messages a counsellor sends in one tap: admins add, change and delete them (Delete asks
// first), and say which state of a lead each fits; everyone
// who works leads sees them here with their placeholders filled for a sample lead.
import { useId, useState, type FormEvent } from 'react';
import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_CHANNELS,
  TEMPLATE_LANGUAGE_LABELS,
  TEMPLATE_LANGUAGES,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_STAGE_LABELS,
  TEMPLATE_STAGES,
  type MessageTemplate,
  type TemplateChannel,
  type TemplateLanguage,
  type TemplateStage,
  type TemplatesResponse,
} from '../../../../../contract/templates.ts';
import { WORKSPACE_PATHS } from '../../../../../contract/workspace.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ConfirmDelete, ErrorNotice } from '../common/controls.tsx';
import { forgetTemplates } from '../lead/reach.ts';
import { useMember } from '../common/member.tsx';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

type Draft = Pick<MessageTemplate, 'name' | 'language' | 'channel' | 'body' | 'stage'>;
const EMPTY: Draft = { name: '', language: 'english', channel: 'whatsapp', body: '', stage: 'any' };
const CHANNEL_LABELS: Record<TemplateChannel, string> = { whatsapp: 'WhatsApp', email: 'Email' };

function TemplateForm({ initial, onSave, onCancel }: { initial: Draft; onSave: (d: Draft) => Promise<boolean>; onCancel?: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const saved = await onSave(draft);
    setSaving(false);
    if (saved && !onCancel) setDraft(EMPTY);
  };
  return (
    <form className="template-form" onSubmit={(e) => void submit(e)} aria-label={onCancel ? `Change ${initial.name}` : 'Add a template'}>
      <div className="console-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} required maxLength={80} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-language`}>Language</label>
        <select id={`${id}-language`} value={draft.language} onChange={(e) => set({ language: e.target.value as TemplateLanguage })}>
          {TEMPLATE_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {TEMPLATE_LANGUAGE_LABELS[l]}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-channel`}>Sent by</label>
        <select id={`${id}-channel`} value={draft.channel} onChange={(e) => set({ channel: e.target.value as TemplateChannel })}>
          {TEMPLATE_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-stage`}>Fits</label>
        <select id={`${id}-stage`} value={draft.stage} onChange={(e) => set({ stage: e.target.value as TemplateStage })}>
          {TEMPLATE_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {TEMPLATE_STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field console-field--grow">
        <label htmlFor={`${id}-body`}>Message ({TEMPLATE_PLACEHOLDERS.join(', ')} are filled in)</label>
        <textarea
          id={`${id}-body`}
          required
          rows={3}
          maxLength={TEMPLATE_BODY_MAX}
          value={draft.body}
          onChange={(e) => set({ body: e.target.value })}
        />
      </div>
      <button type="submit" className="btn btn--small" disabled={saving}>
        {saving ? 'Saving…' : onCancel ? 'Save' : 'Add template'}
      </button>
      {onCancel && (
        <button type="button" className="link-btn" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

export default function TemplatesPage() {
  const toast = useToast();
  const member = useMember();
  const manages = member.can('templates.manage');
  const [loaded, reload] = useAdminData<TemplatesResponse>(WORKSPACE_PATHS.templates, 'Could not load the templates');
  const [editing, setEditing] = useState('');
  const [deleting, setDeleting] = useState<{ template: MessageTemplate; busy: boolean } | null>(null);
  const save = async (draft: Draft, templateId?: string) => {
    const done = await attempt(
      () =>
        adminRequest(templateId ? `${WORKSPACE_PATHS.templates}/${templateId}` : WORKSPACE_PATHS.templates, {
          method: templateId ? 'PATCH' : 'POST',
          body: draft,
        }),
      (message) => toast.show(message, 'error'),
      'Could not save the template. Please try again.',
    );
    if (!done) return false;
    toast.show(templateId ? 'Template saved' : 'Template added', 'success');
    forgetTemplates();
    setEditing('');
    reload();
    return true;
  };
  const remove = async (t: MessageTemplate) => {
    setDeleting({ template: t, busy: true });
    const done = await attempt(
      () => adminRequest(`${WORKSPACE_PATHS.templates}/${t.id}`, { method: 'DELETE' }).then(() => ({ data: true })),
      (message) => toast.show(message, 'error'),
      'Could not delete the template. Please try again.',
    );
    setDeleting(null);
    if (done) {
      toast.show(`Template "${t.name}" deleted`, 'success');
      forgetTemplates();
      reload();
    }
  };
  const templates = loaded.state === 'error' ? [] : (loaded.data?.data ?? []);
  return (
    <section aria-labelledby="console-title" className="console-templates">
      <Meta title="Message templates | Admin" description="The messages counsellors send in one tap." robots="noindex" />
      <h1 id="console-title">Message templates</h1>
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      <ul className="template-list">
        {templates.map((t) => (
          <li key={t.id}>
            {editing === t.id ? (
              <TemplateForm initial={t} onSave={(d) => save(d, t.id)} onCancel={() => setEditing('')} />
            ) : (
              <>
                <h2>
                  {t.name}{' '}
                  <span className="muted">
                    · {CHANNEL_LABELS[t.channel]} · {TEMPLATE_LANGUAGE_LABELS[t.language]} · {TEMPLATE_STAGE_LABELS[t.stage]}
                  </span>
                </h2>
                <p className="template-list__body">{t.body}</p>
                {manages && (
                  <p>
                    <button type="button" className="link-btn" onClick={() => setEditing(t.id)}>
                      Change<span className="visually-hidden"> {t.name}</span>
                    </button>{' '}
                    {/* Quiet beside Change: the dialog it opens is where a template is really deleted. */}
                    <button type="button" className="link-btn link-btn--danger" onClick={() => setDeleting({ template: t, busy: false })}>
                      Delete<span className="visually-hidden"> {t.name}</span>
                    </button>
                  </p>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDelete
          title={`Delete the template "${deleting.template.name}"?`}
          busy={deleting.busy}
          onConfirm={() => void remove(deleting.template)}
          onCancel={() => setDeleting(null)}
        >
          <p>Counsellors will no longer be able to send it. This cannot be undone.</p>
        </ConfirmDelete>
      )}
      {manages && (
        <section aria-labelledby="template-add-title">
          <h2 id="template-add-title">Add a template</h2>
          <TemplateForm initial={EMPTY} onSave={(d) => save(d)} />
        </section>
      )}
    </section>
  );
}
