// A new classroom session: organisation, city, date, the test's language, who the class is
// (a school's students get the guardian step) and how many are expected.
import { useId, useState, type FormEvent } from 'react';
import { QUIZ_LANGUAGES, type QuizLanguage } from '../../../../../contract/quiz/options.ts';
import {
  SESSION_AUDIENCE_LABELS,
  SESSION_AUDIENCES,
  SESSION_LIMITS,
  type SessionAudience,
  type SessionCreateInput,
} from '../../../../../contract/sessions.ts';

const LANGUAGE_LABELS: Record<QuizLanguage, string> = { english: 'English', hinglish: 'Hinglish' };

interface Draft {
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

export function SessionForm({ onCreate }: { onCreate: (input: SessionCreateInput) => Promise<boolean> }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => ({
    organisation: '',
    city: '',
    date: todayInIndia(),
    language: 'english',
    audience: 'college',
    expected: '',
  }));
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const { expected, city, ...rest } = draft;
    await onCreate({ ...rest, ...(city.trim() ? { city } : {}), ...(expected ? { expected: Number(expected) } : {}) });
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
      <button type="submit" className="btn btn--small" disabled={saving}>
        {saving ? 'Creating…' : 'Create session'}
      </button>
    </form>
  );
}
