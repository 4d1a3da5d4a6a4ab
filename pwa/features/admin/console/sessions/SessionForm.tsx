// A new classroom session: organisation, city, date, the test's language, who the class is
// (a school's students get the guardian step) and how many are expected.
import { useId, useState, type FormEvent } from 'react';
import { QUIZ_LANGUAGE_NAMES, QUIZ_LANGUAGES, type QuizLanguage } from '../../../../../contract/quiz/options.ts';
import {
  SESSION_AUDIENCE_LABELS,
  SESSION_AUDIENCES,
  SESSION_LIMITS,
  type SessionAudience,
  type SessionCreateInput,
} from '../../../../../contract/sessions.ts';

const LANGUAGE_LABELS: Record<QuizLanguage, string> = QUIZ_LANGUAGE_NAMES;

interface Contact {
  name: string;
  email: string;
  phone: string;
}

interface Draft {
  contact: Contact;
  organisation: string;
  city: string;
  date: string;
  language: QuizLanguage;
  audience: SessionAudience;
  expected: string;
}

/** Today in India, as the date field wants it. */
function todayInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

/** The organisation's contact: with one, the session becomes their B2B enquiry for the sales desk. */
function ContactFields({ contact, onChange }: { contact: Contact; onChange: (c: Contact) => void }) {
  const id = useId();
  const field = (key: keyof Contact, label: string, type: string) => (
    <div className="console-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} type={type} value={contact[key]} onChange={(e) => onChange({ ...contact, [key]: e.target.value })} />
    </div>
  );
  return (
    <fieldset className="session-form__contact">
      <legend>The organisation's contact (optional: our sales desk follows up)</legend>
      {field('name', 'Contact name', 'text')}
      {field('email', 'Contact email', 'email')}
      {field('phone', 'Contact phone', 'tel')}
    </fieldset>
  );
}

export function SessionForm({ onCreate }: { onCreate: (input: SessionCreateInput) => Promise<boolean> }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => ({
    organisation: '',
    city: '',
    date: todayInIndia(),
    language: 'english',
    audience: 'college',
    expected: '',
    contact: { name: '', email: '', phone: '' },
  }));
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const { expected, city, contact, ...rest } = draft;
    const named = contact.name.trim() || contact.email.trim() || contact.phone.trim();
    await onCreate({
      ...rest,
      ...(city.trim() ? { city } : {}),
      ...(expected ? { expected: Number(expected) } : {}),
      ...(named ? { contact } : {}),
    });
    setSaving(false);
  };
  return (
    <form className="session-form" onSubmit={(e) => void submit(e)} aria-label="New session">
      <div className="console-field console-field--grow">
        <label htmlFor={`${id}-org`}>Organisation</label>
        <input
          id={`${id}-org`}
          required
          maxLength={SESSION_LIMITS.organisation}
          value={draft.organisation}
          onChange={(e) => set({ organisation: e.target.value })}
        />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-city`}>City</label>
        <input id={`${id}-city`} maxLength={SESSION_LIMITS.city} value={draft.city} onChange={(e) => set({ city: e.target.value })} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-date`}>Date</label>
        <input id={`${id}-date`} type="date" required value={draft.date} onChange={(e) => set({ date: e.target.value })} />
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-language`}>Test language</label>
        <select id={`${id}-language`} value={draft.language} onChange={(e) => set({ language: e.target.value as QuizLanguage })}>
          {QUIZ_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_LABELS[l]}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-audience`}>Class</label>
        <select id={`${id}-audience`} value={draft.audience} onChange={(e) => set({ audience: e.target.value as SessionAudience })}>
          {SESSION_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {SESSION_AUDIENCE_LABELS[a]}
            </option>
          ))}
        </select>
      </div>
      <div className="console-field">
        <label htmlFor={`${id}-expected`}>Students expected</label>
        <input
          id={`${id}-expected`}
          type="number"
          min={1}
          max={SESSION_LIMITS.expectedMax}
          value={draft.expected}
          onChange={(e) => set({ expected: e.target.value })}
        />
      </div>
      <ContactFields contact={draft.contact} onChange={(contact) => set({ contact })} />
      <button type="submit" className="btn btn--small" disabled={saving}>
        {saving ? 'Creating…' : 'Create session'}
      </button>
    </form>
  );
}
