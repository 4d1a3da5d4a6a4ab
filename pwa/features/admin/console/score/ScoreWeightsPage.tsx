// /admin/score: the lead score's weights (admins only). Points for each form, for what the
// person did, for recency and for each source; saved whole, after which the server scores
// every lead again in batches (the page says how many are still waiting).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ValidationError } from 'yup';
import { LIST_SLUGS, listOf, type ListSlug } from '../../../../../contract/lead-kinds.ts';
import { SCORE_PATH, scoreWeightsSchema, type ScoreWeights, type ScoreWeightsResponse } from '../../../../../contract/score.ts';
import { Meta } from '../../../../components/Meta.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { ErrorNotice } from '../common/controls.tsx';
import { formatDateTime } from '../common/format.ts';
import { adminRequest } from '../common/request.ts';
import { attempt, useAdminData } from '../common/use-admin-data.ts';

function Points({ label, value, onChange }: { label: string; value: number; onChange: (n: number) => void }) {
  return (
    <label>
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        required
        value={Number.isFinite(value) ? value : ''}
        onChange={(e) => onChange(e.target.valueAsNumber)}
      />
    </label>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

type Set = (patch: Partial<ScoreWeights>) => void;

function FormPoints({ w, set }: { w: ScoreWeights; set: Set }) {
  return (
    <Group legend="The form (its intent)">
      {LIST_SLUGS.map((slug: ListSlug) => (
        <Points key={slug} label={listOf(slug).title} value={w.forms[slug]} onChange={(n) => set({ forms: { ...w.forms, [slug]: n } })} />
      ))}
    </Group>
  );
}

function DonePoints({ w, set }: { w: ScoreWeights; set: Set }) {
  return (
    <>
      <Group legend="What the person did">
        <Points label="Booking paid" value={w.paidBooking} onChange={(paidBooking) => set({ paidBooking })} />
        <Points label="Took the personality test" value={w.testTaken} onChange={(testTaken) => set({ testTaken })} />
        <Points label="Classroom session" value={w.session} onChange={(session) => set({ session })} />
        <Points label="Each other form" value={w.otherForm} onChange={(otherForm) => set({ otherForm })} />
        <Points label="Other forms counted, at most" value={w.otherFormsMax} onChange={(otherFormsMax) => set({ otherFormsMax })} />
      </Group>
      <Group legend="Last active">
        <Points label="Within a day" value={w.recency.day} onChange={(day) => set({ recency: { ...w.recency, day } })} />
        <Points label="Within 7 days" value={w.recency.week} onChange={(week) => set({ recency: { ...w.recency, week } })} />
        <Points label="Within 30 days" value={w.recency.month} onChange={(month) => set({ recency: { ...w.recency, month } })} />
      </Group>
    </>
  );
}

function SourcePoints({ w, set }: { w: ScoreWeights; set: Set }) {
  const change = (i: number, patch: Partial<ScoreWeights['sources'][number]>) =>
    set({ sources: w.sources.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  return (
    <Group legend="Source (utm_source)">
      {w.sources.map((s, i) => (
        <div key={i} className="score-weights__source">
          <label>
            Source
            <input type="text" required maxLength={200} value={s.source} onChange={(e) => change(i, { source: e.target.value })} />
          </label>
          <Points label="Points" value={s.points} onChange={(points) => change(i, { points })} />
          <button type="button" className="link-btn" onClick={() => set({ sources: w.sources.filter((_, j) => j !== i) })}>
            Remove {s.source || 'this source'}
          </button>
        </div>
      ))}
      <div className="score-weights__add">
        <button type="button" className="btn btn--small" onClick={() => set({ sources: [...w.sources, { source: '', points: 0 }] })}>
          Add a source
        </button>
      </div>
      <Points label="Any other source" value={w.otherSource} onChange={(otherSource) => set({ otherSource })} />
    </Group>
  );
}

function problemOf(weights: ScoreWeights): string | undefined {
  try {
    scoreWeightsSchema.validateSync(weights, { abortEarly: true });
    return undefined;
  } catch (err) {
    return err instanceof ValidationError ? err.message : 'These weights cannot be saved';
  }
}

export default function ScoreWeightsPage() {
  const toast = useToast();
  const [loaded, reload, replace] = useAdminData<ScoreWeightsResponse>(SCORE_PATH, 'Could not load the score weights');
  const [weights, setWeights] = useState<ScoreWeights | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded.state === 'ready') setWeights(loaded.data.weights);
  }, [loaded]);
  const set: Set = (patch) => setWeights((w) => (w ? { ...w, ...patch } : w));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!weights) return;
    const problem = problemOf(weights);
    if (problem) return toast.show(problem, 'error');
    setSaving(true);
    const done = await attempt(
      () => adminRequest<ScoreWeightsResponse>(SCORE_PATH, { method: 'PUT', body: weights }),
      (message) => toast.show(message, 'error'),
      'Could not save. Please try again.',
    );
    setSaving(false);
    if (done) {
      replace(done);
      toast.show('Weights saved: every lead is being scored again', 'success');
    }
  };
  const info = loaded.state === 'ready' ? loaded.data : undefined;
  return (
    <section aria-labelledby="console-title" className="score-weights">
      <Meta title="Lead score | Admin" description="The lead score's weights." robots="noindex" />
      <h1 id="console-title">Lead score</h1>
      <p>
        Each lead scores 0 to 100: the points below, added up. The lead’s panel shows its reasons; the lists sort and filter by it, and
        rules can use it.
      </p>
      {loaded.state === 'error' && <ErrorNotice message={loaded.message} onRetry={reload} />}
      {info && (
        <p className="muted" role="status">
          {info.updatedAt ? `Last changed ${formatDateTime(info.updatedAt)}.` : 'The default weights.'}
          {info.recomputing > 0
            ? ` Scoring every lead again (${info.recomputing} batch${info.recomputing === 1 ? '' : 'es'} waiting).`
            : ''}
        </p>
      )}
      {weights && info && (
        <form onSubmit={(e) => void save(e)}>
          <FormPoints w={weights} set={set} />
          <DonePoints w={weights} set={set} />
          <SourcePoints w={weights} set={set} />
          <div className="console-actions">
            <button type="submit" className="btn" disabled={saving}>
              {saving ? 'Saving…' : 'Save and rescore'}
            </button>{' '}
            <button type="button" className="btn btn--small" onClick={() => setWeights(info.defaults)}>
              Back to the defaults
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
