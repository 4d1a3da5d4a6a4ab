// An amount in Hindi words, as a Hindi receipt or cheque writes it: the Indian numbering
// (सौ, हज़ार, लाख, करोड़, and crores of crores), "रुपये" after the rupees and "पैसे" after
// the paise: ₹1,25,000 is "एक लाख पच्चीस हज़ार रुपये". Hindi's numbers below a hundred are
// each their own word (सैंतालीस is not "forty seven"), so they are a table, not a rule.

const BELOW_HUNDRED = [
  'शून्य',
  'एक',
  'दो',
  'तीन',
  'चार',
  'पाँच',
  'छह',
  'सात',
  'आठ',
  'नौ',
  'दस',
  'ग्यारह',
  'बारह',
  'तेरह',
  'चौदह',
  'पंद्रह',
  'सोलह',
  'सत्रह',
  'अठारह',
  'उन्नीस',
  'बीस',
  'इक्कीस',
  'बाईस',
  'तेईस',
  'चौबीस',
  'पच्चीस',
  'छब्बीस',
  'सत्ताईस',
  'अट्ठाईस',
  'उनतीस',
  'तीस',
  'इकतीस',
  'बत्तीस',
  'तैंतीस',
  'चौंतीस',
  'पैंतीस',
  'छत्तीस',
  'सैंतीस',
  'अड़तीस',
  'उनतालीस',
  'चालीस',
  'इकतालीस',
  'बयालीस',
  'तैंतालीस',
  'चवालीस',
  'पैंतालीस',
  'छियालीस',
  'सैंतालीस',
  'अड़तालीस',
  'उनचास',
  'पचास',
  'इक्यावन',
  'बावन',
  'तिरपन',
  'चौवन',
  'पचपन',
  'छप्पन',
  'सत्तावन',
  'अट्ठावन',
  'उनसठ',
  'साठ',
  'इकसठ',
  'बासठ',
  'तिरसठ',
  'चौंसठ',
  'पैंसठ',
  'छियासठ',
  'सड़सठ',
  'अड़सठ',
  'उनहत्तर',
  'सत्तर',
  'इकहत्तर',
  'बहत्तर',
  'तिहत्तर',
  'चौहत्तर',
  'पचहत्तर',
  'छिहत्तर',
  'सतहत्तर',
  'अठहत्तर',
  'उनासी',
  'अस्सी',
  'इक्यासी',
  'बयासी',
  'तिरासी',
  'चौरासी',
  'पचासी',
  'छियासी',
  'सत्तासी',
  'अट्ठासी',
  'नवासी',
  'नब्बे',
  'इक्यानवे',
  'बानवे',
  'तिरानवे',
  'चौरानवे',
  'पचानवे',
  'छियानवे',
  'सत्तानवे',
  'अट्ठानवे',
  'निन्यानवे',
] as const;

/** A whole number ≥ 1 in Hindi words; crores of crores are said as "… करोड़" again. */
function wordsOf(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${wordsOf(crore)} करोड़`);
  let rest = n % 10_000_000;
  const lakh = Math.floor(rest / 100_000);
  if (lakh) parts.push(`${BELOW_HUNDRED[lakh]} लाख`);
  rest %= 100_000;
  const thousand = Math.floor(rest / 1000);
  if (thousand) parts.push(`${BELOW_HUNDRED[thousand]} हज़ार`);
  rest %= 1000;
  const hundred = Math.floor(rest / 100);
  if (hundred) parts.push(`${BELOW_HUNDRED[hundred]} सौ`);
  rest %= 100;
  if (rest) parts.push(BELOW_HUNDRED[rest]!);
  return parts.join(' ');
}

/** Whole numbers in Hindi words ("एक लाख"); 0 is "शून्य". */
export function numberInHindiWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number of rupees: ${n}`);
  return n === 0 ? BELOW_HUNDRED[0] : wordsOf(n);
}

/**
 * "एक लाख पच्चीस हज़ार रुपये"; "एक सौ तेईस रुपये और पैंतालीस पैसे"; paise are integers.
 * One rupee and one paisa take the singular, as Hindi says them: "एक रुपया", "एक पैसा".
 */
export function rupeesInHindiWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = `${numberInHindiWords(rupees)} ${rupees === 1 ? 'रुपया' : 'रुपये'}`;
  if (rest === 0) return rupeeWords;
  const paiseWords = `${BELOW_HUNDRED[rest]} ${rest === 1 ? 'पैसा' : 'पैसे'}`;
  return rupees === 0 ? paiseWords : `${rupeeWords} और ${paiseWords}`;
}
