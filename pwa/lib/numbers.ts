// One way to write a count on every page: Indian digit grouping ('5,000', '1,00,000'), so
// the hero's claims, the stats strip and the console never disagree.
const COUNT = new Intl.NumberFormat('en-IN');

export function formatCount(n: number): string {
  return COUNT.format(n);
}
