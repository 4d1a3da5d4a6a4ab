// Whole numbers in Indian digit grouping ("2,499", "1,00,000", "12,34,56,789"), written
// without Intl: the first Intl number format for 'en-IN' in a page loads ICU's data for the
// locale, about 20 ms of the main thread on this machine and 80 ms at Lighthouse's 4x
// slower phone, which the course page paid at load for its two prices. A fraction, which no
// page shows, still goes to Intl. Imported by bookings.ts alone, so it rides in that chunk
// (a second importer in another chunk would make it a script file of its own on every form
// page; the stats strip's count, measured without a gain, keeps Intl, pwa/lib/numbers.ts).

/** `n` grouped as India writes it: the last three digits, then pairs. */
export function indianDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-IN');
  const digits = String(Math.abs(n));
  const last = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const pairs: string[] = [];
  for (; rest.length > 2; rest = rest.slice(0, -2)) pairs.unshift(rest.slice(-2));
  const grouped = [rest, ...pairs, last].filter((part) => part !== '').join(',');
  return n < 0 ? `-${grouped}` : grouped;
}
