// A lead's score as the lists show it: the number, in the colour of its band (the number says
// it; the colour only helps the eye down a column).
import { SCORE_MAX } from '../../../../../contract/score.ts';

export function scoreBand(score: number): 'hot' | 'warm' | 'cool' {
  if (score >= 70) return 'hot';
  if (score >= 40) return 'warm';
  return 'cool';
}

export function ScoreBadge({ score }: { score: unknown }) {
  const value = typeof score === 'number' ? score : 0;
  return (
    <span className={`score-badge score-badge--${scoreBand(value)}`} title={`Lead score ${value} of ${SCORE_MAX}`}>
      {value}
    </span>
  );
}
