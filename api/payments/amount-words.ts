// An amount in words as Indian receipts and cheques write it: the Indian numbering (thousand,
// lakh, crore, and crores of crores), "Rupees … only", paise after "and" when there are any:
// 12,50,000 paise-free rupees is "Rupees Twelve Lakh Fifty Thousand only".

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const rest = n % 10;
  return rest ? `${TENS[Math.floor(n / 10)]} ${ONES[rest]}` : TENS[Math.floor(n / 10)]!;
}

/** A whole number ≥ 1 in words, Indian numbering; crores of crores are said as "… Crore" again. */
function wordsOf(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${wordsOf(crore)} Crore`);
  let rest = n % 10_000_000;
  const lakh = Math.floor(rest / 100_000);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  rest %= 100_000;
  const thousand = Math.floor(rest / 1000);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  rest %= 1000;
  const hundred = Math.floor(rest / 100);
  if (hundred) parts.push(`${ONES[hundred]} Hundred`);
  rest %= 100;
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** Whole numbers in words ("One Lakh"); 0 is "Zero". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of rupees: ${n}`);
  return n === 0 ? 'Zero' : wordsOf(n);
}

/** "Rupees Twelve Thousand Five Hundred only"; "Rupees One and Fifty Paise only"; paise are integers. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rest === 0) return `Rupees ${numberInWords(rupees)} only`;
  if (rupees === 0) return `${belowHundred(rest)} Paise only`;
  return `Rupees ${numberInWords(rupees)} and ${belowHundred(rest)} Paise only`;
}

/** "₹12,50,000.00" when there are paise, else "₹12,50,000": figures with the Indian grouping. */
export function rupeesFigures(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const whole = rupees.toLocaleString('en-IN');
  return rest ? `₹${whole}.${String(rest).padStart(2, '0')}` : `₹${whole}`;
}
