// The lead's score in its panel, with its reasons: what each point is for, largest first, so a
// counsellor can see why one lead is above another (and an admin which weight to tune).
import type { LeadScore } from '../../../../../contract/score.ts';
import { SCORE_MAX } from '../../../../../contract/score.ts';
import { scoreBand } from './ScoreBadge.tsx';

export function ScoreSection({ score }: { score: LeadScore }) {
  return (
    <section className="lead-score" aria-labelledby="lead-score-title">
      <h3 id="lead-score-title">
        Score{' '}
        <span className={`score-badge score-badge--${scoreBand(score.score)}`} data-testid="lead-score">
          {score.score}
        </span>{' '}
        <span className="muted">of {SCORE_MAX}</span>
      </h3>
      <meter
        className="lead-score__meter"
        min={0}
        max={SCORE_MAX}
        low={40}
        high={70}
        optimum={SCORE_MAX}
        value={score.score}
        aria-label="Lead score"
      />
      {score.reasons.length === 0 ? (
        <p className="muted">Nothing scored yet.</p>
      ) : (
        <ul className="lead-score__reasons" aria-label="Why this score">
          {score.reasons.map((r) => (
            <li key={r.factor}>
              <span className="lead-score__points">{r.points > 0 ? `+${r.points}` : r.points}</span> {r.label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
