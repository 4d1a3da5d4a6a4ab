// One way to write a count on every page: Indian digit grouping ('5,000', '1,00,000'), so
// the hero's claims, the stats strip and the console never disagree (contract/digits.ts says
// why it is not Intl).
import { indianDigits } from '../../contract/digits.ts';

export function formatCount(n: number): string {
  return indianDigits(n);
}
