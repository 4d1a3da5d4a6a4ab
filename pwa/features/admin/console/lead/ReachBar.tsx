// One tap to reach the lead: WhatsApp with a template filled in, a call, an email. The tap
// opens the app (the link is a real link: long-press, copy and open-in-new-tab all work) and
// records the attempt at once; then the outcome form asks how it went and what comes next,
// and completes that same attempt (PATCH) instead of logging a second one.
import { useEffect, useId, useRef, useState } from 'react';
import { ACTION_LABELS, ACTION_NOUNS } from '../../../../../contract/activities.ts';
import { TEMPLATE_LANGUAGE_LABELS, type MessageTemplate } from '../../../../../contract/templates.ts';
import { leadName } from '../common/controls.tsx';
import { useMember } from '../common/member.tsx';
import { ActivityForm, type ActivityBody } from './ActivityLogger.tsx';
import { offeredTemplates, reachLinks, useTemplates, type ReachType } from './reach.ts';

interface Props {
  lead: Record<string, unknown>;
  /** Records the attempt; resolves its activity id (undefined: it could not be saved, already said). */
  onAttempt(type: ReachType): Promise<string | undefined>;
  /** Completes the attempt with its outcome and the next step. */
  onOutcome(activityId: string, body: ActivityBody): Promise<boolean>;
  /** Started from the list's row: record it as soon as the panel opens. */
  started?: ReachType;
}

function TemplatePicker({
  label,
  templates,
  value,
  onChange,
}: {
  label: string;
  templates: MessageTemplate[];
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  if (templates.length === 0) return null;
  return (
    <div className="reach-bar__template">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} ({TEMPLATE_LANGUAGE_LABELS[t.language]})
          </option>
        ))}
      </select>
    </div>
  );
}

/** The attempt being followed up: recorded once per tap, even when React runs effects twice. */
function useAttempt(onAttempt: Props['onAttempt'], started: ReachType | undefined) {
  const [pending, setPending] = useState<{ type: ReachType; activityId: string } | null>(null);
  const startedOnce = useRef(false);
  const start = async (type: ReachType) => {
    const activityId = await onAttempt(type);
    if (activityId) setPending({ type, activityId });
  };
  useEffect(() => {
    if (!started || startedOnce.current) return;
    startedOnce.current = true;
    void start(started);
    // Only the tap that opened the panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { pending, start, done: () => setPending(null) };
}

export function ReachBar({ lead, onAttempt, onOutcome, started }: Props) {
  const member = useMember();
  const whatsappTemplates = useTemplates('whatsapp');
  const emailTemplates = useTemplates('email');
  const [whatsappId, setWhatsappId] = useState('');
  const [emailId, setEmailId] = useState('');
  const attempt = useAttempt(onAttempt, started);
  const whatsapp = offeredTemplates(whatsappTemplates, lead, member.name, whatsappId);
  const email = offeredTemplates(emailTemplates, lead, member.name, emailId);
  const links = reachLinks(lead, { whatsapp: whatsapp.chosen, email: email.chosen });
  const name = leadName(lead).trim() || 'this lead';
  return (
    <section className="reach" aria-labelledby="reach-title">
      <h3 id="reach-title">Reach {name}</h3>
      <div className="reach-bar">
        <TemplatePicker
          label="WhatsApp message"
          templates={whatsapp.offered}
          value={whatsapp.chosen?.template.id ?? ''}
          onChange={setWhatsappId}
        />
        {links.whatsapp && (
          <a
            className="btn btn--small reach-bar__whatsapp"
            href={links.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => void attempt.start('whatsapp')}
          >
            WhatsApp<span className="visually-hidden"> {name} (opens WhatsApp)</span>
          </a>
        )}
        {links.call && (
          <a className="btn btn--small btn--outline" href={links.call} onClick={() => void attempt.start('call')}>
            Call<span className="visually-hidden"> {name}</span>
          </a>
        )}
        {links.email && (
          <>
            <TemplatePicker label="Email message" templates={email.offered} value={email.chosen?.template.id ?? ''} onChange={setEmailId} />
            <a className="btn btn--small btn--outline" href={links.email} onClick={() => void attempt.start('email')}>
              Email<span className="visually-hidden"> {name}</span>
            </a>
          </>
        )}
        {!links.whatsapp && !links.call && !links.email && <p className="muted">No phone number or email to reach them on.</p>}
      </div>
      {attempt.pending && (
        <div className="reach__outcome" role="group" aria-labelledby="reach-outcome-title">
          <h4 id="reach-outcome-title">How did the {ACTION_NOUNS[attempt.pending.type]} go?</h4>
          <ActivityForm
            type={attempt.pending.type}
            label={`Outcome of the ${ACTION_LABELS[attempt.pending.type]}`}
            onSave={(body) => onOutcome(attempt.pending!.activityId, body)}
            onCancel={attempt.done}
          />
        </div>
      )}
    </section>
  );
}
