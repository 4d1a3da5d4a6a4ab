// The personality test: 30 statements from the International Personality Item Pool (IPIP,
// ipip.ori.org), which is in the public domain, so we may adapt and print them freely.
// 29 come from Goldberg's 50-item Big-Five Factor Markers; Emotional Stability has only two
// positively keyed items there, so its third comes from Johnson's IPIP-NEO-120.
//
// Six statements per domain, three keyed each way, so someone who agrees with everything
// lands in the middle instead of at the top. Domains are interleaved (E, A, C, ES, O, ...)
// so neighbouring statements never measure the same thing.
//
// The wording is a light adaptation for Indian students (first person, no "feeling blue",
// "college events" beside "parties"). The Hinglish text adapts the SAME statement; it keeps
// the English words students really use and avoids gendered verbs ("karta/karti") so one
// sentence fits everyone. The Hindi text (Devanagari) adapts it again for a Hindi reader,
// in the words a Hindi newspaper would use, with the same care about gender.
//
// Ids are stable: stored answers refer to them. Never renumber; add new ids instead.
import { quizTextKey, type QuizLanguage, type QuizText } from './options.ts';

export const QUIZ_DOMAINS = ['extraversion', 'agreeableness', 'conscientiousness', 'emotionalStability', 'openness'] as const;
export type QuizDomain = (typeof QUIZ_DOMAINS)[number];

/** 'plus': agreeing means more of the domain; 'minus': agreeing means less of it. */
export type QuizKeying = 'plus' | 'minus';

export interface QuizItem {
  id: string;
  domain: QuizDomain;
  keyed: QuizKeying;
  /** Where the statement comes from, so anyone can check it against the public pool. */
  source: string;
  text: QuizText;
}

export const QUIZ_DOMAIN_LABELS: Record<QuizDomain, QuizText> = {
  extraversion: { en: 'Extraversion', hinglish: 'Extraversion (logon se judna)', hindi: 'बहिर्मुखता (लोगों से जुड़ना)' },
  agreeableness: { en: 'Agreeableness', hinglish: 'Agreeableness (milansaar swabhaav)', hindi: 'सहयोगशीलता (मिलनसार स्वभाव)' },
  conscientiousness: {
    en: 'Conscientiousness',
    hinglish: 'Conscientiousness (zimmedari aur discipline)',
    hindi: 'कर्तव्यनिष्ठा (ज़िम्मेदारी और अनुशासन)',
  },
  emotionalStability: {
    en: 'Emotional Stability',
    hinglish: 'Emotional Stability (mann ka santulan)',
    hindi: 'भावनात्मक स्थिरता (मन का संतुलन)',
  },
  openness: { en: 'Openness / Intellect', hinglish: 'Openness / Intellect (naye vichaar)', hindi: 'खुलापन (नए विचार)' },
};

const B5 = (n: number, domain: string, key: '+' | '-') =>
  `IPIP Big-Five Factor Markers, 50-item (Goldberg 1992), item ${n}, ${domain} ${key}`;

export const QUIZ_ITEMS: readonly QuizItem[] = [
  {
    id: 'q01',
    domain: 'extraversion',
    keyed: 'plus',
    source: B5(11, 'Extraversion', '+'),
    text: {
      en: 'I feel comfortable around people.',
      hinglish: 'Logon ke beech mujhe comfortable lagta hai.',
      hindi: 'लोगों के बीच मुझे सहज लगता है।',
    },
  },
  {
    id: 'q02',
    domain: 'agreeableness',
    keyed: 'minus',
    source: B5(2, 'Agreeableness', '-'),
    text: {
      en: 'I feel little concern for others.',
      hinglish: 'Mujhe doosron ki zyada fikr nahi hoti.',
      hindi: 'मुझे दूसरों की ज़्यादा फ़िक्र नहीं होती।',
    },
  },
  {
    id: 'q03',
    domain: 'conscientiousness',
    keyed: 'plus',
    source: B5(3, 'Conscientiousness', '+'),
    text: {
      en: 'I am always prepared for classes, tests and meetings.',
      hinglish: 'Classes, tests aur meetings ke liye meri taiyari hamesha poori rehti hai.',
      hindi: 'कक्षाओं, परीक्षाओं और मीटिंग के लिए मेरी तैयारी हमेशा पूरी रहती है।',
    },
  },
  {
    id: 'q04',
    domain: 'emotionalStability',
    keyed: 'minus',
    source: B5(4, 'Emotional Stability', '-'),
    text: { en: 'I get stressed out easily.', hinglish: 'Mujhe bahut jaldi stress ho jaata hai.', hindi: 'मुझे बहुत जल्दी तनाव हो जाता है।' },
  },
  {
    id: 'q05',
    domain: 'openness',
    keyed: 'plus',
    source: B5(15, 'Intellect/Imagination', '+'),
    text: {
      en: 'I have a vivid imagination.',
      hinglish: 'Meri imagination bahut tez aur rangeen hai.',
      hindi: 'मेरी कल्पनाशक्ति बहुत तेज़ और रंगीन है।',
    },
  },
  {
    id: 'q06',
    domain: 'extraversion',
    keyed: 'minus',
    source: B5(6, 'Extraversion', '-'),
    text: { en: "I don't talk a lot.", hinglish: 'Zyada baat karna meri aadat nahi hai.', hindi: 'ज़्यादा बात करना मेरी आदत नहीं है।' },
  },
  {
    id: 'q07',
    domain: 'agreeableness',
    keyed: 'plus',
    source: B5(17, 'Agreeableness', '+'),
    text: {
      en: "I sympathise with other people's feelings.",
      hinglish: 'Doosron ki feelings se mujhe hamdardi hoti hai.',
      hindi: 'दूसरों की भावनाओं से मुझे हमदर्दी होती है।',
    },
  },
  {
    id: 'q08',
    domain: 'conscientiousness',
    keyed: 'minus',
    source: B5(8, 'Conscientiousness', '-'),
    text: {
      en: 'I leave my things lying around.',
      hinglish: 'Meri cheezein idhar-udhar padi rehti hain.',
      hindi: 'मेरी चीज़ें इधर-उधर पड़ी रहती हैं।',
    },
  },
  {
    id: 'q09',
    domain: 'emotionalStability',
    keyed: 'plus',
    source: B5(9, 'Emotional Stability', '+'),
    text: {
      en: 'I am relaxed most of the time.',
      hinglish: 'Zyaadatar time mera mann shaant aur relaxed rehta hai.',
      hindi: 'ज़्यादातर समय मेरा मन शांत और बेफ़िक्र रहता है।',
    },
  },
  {
    id: 'q10',
    domain: 'openness',
    keyed: 'minus',
    source: B5(10, 'Intellect/Imagination', '-'),
    text: {
      en: 'I have difficulty understanding abstract ideas.',
      hinglish: 'Abstract ideas (jaise theories ya concepts) samajhne mein mujhe mushkil hoti hai.',
      hindi: 'अमूर्त विचारों (जैसे सिद्धांत या अवधारणाएँ) को समझने में मुझे मुश्किल होती है।',
    },
  },
  {
    id: 'q11',
    domain: 'extraversion',
    keyed: 'plus',
    source: B5(21, 'Extraversion', '+'),
    text: {
      en: 'I start conversations.',
      hinglish: 'Baatcheet aksar meri taraf se shuru hoti hai.',
      hindi: 'बातचीत अक्सर मेरी ओर से शुरू होती है।',
    },
  },
  {
    id: 'q12',
    domain: 'agreeableness',
    keyed: 'minus',
    source: B5(12, 'Agreeableness', '-'),
    text: { en: 'I insult people.', hinglish: 'Mujhse logon ki insult ho jaati hai.', hindi: 'मुझसे लोगों का अपमान हो जाता है।' },
  },
  {
    id: 'q13',
    domain: 'conscientiousness',
    keyed: 'plus',
    source: B5(13, 'Conscientiousness', '+'),
    text: {
      en: 'I pay attention to details.',
      hinglish: 'Chhoti-chhoti details par mera dhyaan rehta hai.',
      hindi: 'छोटी-छोटी बारीकियों पर मेरा ध्यान रहता है।',
    },
  },
  {
    id: 'q14',
    domain: 'emotionalStability',
    keyed: 'minus',
    source: B5(14, 'Emotional Stability', '-'),
    text: { en: 'I worry about things.', hinglish: 'Mujhe cheezon ki chinta hoti rehti hai.', hindi: 'मुझे चीज़ों की चिंता होती रहती है।' },
  },
  {
    id: 'q15',
    domain: 'openness',
    keyed: 'plus',
    source: B5(45, 'Intellect/Imagination', '+'),
    text: {
      en: 'I spend time reflecting on things.',
      hinglish: 'Baaton par gehraai se sochne-vichaarne mein mera kaafi time jaata hai.',
      hindi: 'बातों पर गहराई से सोचने-विचारने में मेरा काफ़ी समय जाता है।',
    },
  },
  {
    id: 'q16',
    domain: 'extraversion',
    keyed: 'minus',
    source: B5(16, 'Extraversion', '-'),
    text: {
      en: 'I stay in the background.',
      hinglish: 'Group mein mujhe background mein rehna pasand hai.',
      hindi: 'समूह में मुझे पीछे रहना पसंद है।',
    },
  },
  {
    id: 'q17',
    domain: 'agreeableness',
    keyed: 'plus',
    source: B5(37, 'Agreeableness', '+'),
    text: {
      en: 'I take time out for others.',
      hinglish: 'Doosron ke liye time nikaalna meri aadat hai.',
      hindi: 'दूसरों के लिए समय निकालना मेरी आदत है।',
    },
  },
  {
    id: 'q18',
    domain: 'conscientiousness',
    keyed: 'minus',
    source: B5(18, 'Conscientiousness', '-'),
    text: { en: 'I make a mess of things.', hinglish: 'Mujhse cheezein aksar gadbad ho jaati hain.', hindi: 'मुझसे काम अक्सर बिगड़ जाते हैं।' },
  },
  {
    id: 'q19',
    domain: 'emotionalStability',
    keyed: 'plus',
    source: B5(19, 'Emotional Stability', '+'),
    text: {
      en: 'I seldom feel low or sad.',
      hinglish: 'Mujhe kam hi udaasi ya low feel hota hai.',
      hindi: 'मुझे कम ही उदासी या मायूसी महसूस होती है।',
    },
  },
  {
    id: 'q20',
    domain: 'openness',
    keyed: 'minus',
    source: B5(20, 'Intellect/Imagination', '-'),
    text: {
      en: 'I am not interested in abstract ideas.',
      hinglish: 'Abstract ideas mein meri koi khaas dilchaspi nahi hai.',
      hindi: 'अमूर्त विचारों में मेरी कोई ख़ास दिलचस्पी नहीं है।',
    },
  },
  {
    id: 'q21',
    domain: 'extraversion',
    keyed: 'plus',
    source: B5(31, 'Extraversion', '+'),
    text: {
      en: 'I talk to a lot of different people at parties and college events.',
      hinglish: 'Parties aur college events mein meri bahut alag-alag logon se baat hoti hai.',
      hindi: 'पार्टियों और कॉलेज के कार्यक्रमों में मेरी बहुत अलग-अलग लोगों से बात होती है।',
    },
  },
  {
    id: 'q22',
    domain: 'agreeableness',
    keyed: 'minus',
    source: B5(22, 'Agreeableness', '-'),
    text: {
      en: "I am not interested in other people's problems.",
      hinglish: 'Doosron ki problems mein mujhe koi interest nahi hota.',
      hindi: 'दूसरों की परेशानियों में मुझे कोई रुचि नहीं होती।',
    },
  },
  {
    id: 'q23',
    domain: 'conscientiousness',
    keyed: 'plus',
    source: B5(43, 'Conscientiousness', '+'),
    text: {
      en: 'I follow a schedule.',
      hinglish: 'Mera din ek schedule ke hisaab se chalta hai.',
      hindi: 'मेरा दिन एक तय दिनचर्या के हिसाब से चलता है।',
    },
  },
  {
    id: 'q24',
    domain: 'emotionalStability',
    keyed: 'minus',
    source: B5(44, 'Emotional Stability', '-'),
    text: {
      en: 'I get irritated easily.',
      hinglish: 'Mujhe jaldi gussa ya irritation ho jaata hai.',
      hindi: 'मुझे जल्दी ग़ुस्सा या चिढ़ आ जाती है।',
    },
  },
  {
    id: 'q25',
    domain: 'openness',
    keyed: 'minus',
    source: B5(30, 'Intellect/Imagination', '-'),
    text: {
      en: 'I do not have a good imagination.',
      hinglish: 'Meri imagination utni achhi nahi hai.',
      hindi: 'मेरी कल्पनाशक्ति उतनी अच्छी नहीं है।',
    },
  },
  {
    id: 'q26',
    domain: 'extraversion',
    keyed: 'minus',
    source: B5(46, 'Extraversion', '-'),
    text: {
      en: 'I am quiet around strangers.',
      hinglish: 'Anjaan logon ke beech mujhse zyada bola nahi jaata.',
      hindi: 'अनजान लोगों के बीच मुझसे ज़्यादा बोला नहीं जाता।',
    },
  },
  {
    id: 'q27',
    domain: 'agreeableness',
    keyed: 'plus',
    source: B5(47, 'Agreeableness', '+'),
    text: {
      en: 'I make people feel at ease.',
      hinglish: 'Log mere saath comfortable aur relaxed feel karte hain.',
      hindi: 'लोग मेरे साथ सहज और बेफ़िक्र महसूस करते हैं।',
    },
  },
  {
    id: 'q28',
    domain: 'conscientiousness',
    keyed: 'minus',
    source: B5(38, 'Conscientiousness', '-'),
    text: { en: 'I avoid my duties.', hinglish: 'Apni zimmedariyon se bachna meri aadat hai.', hindi: 'अपनी ज़िम्मेदारियों से बचना मेरी आदत है।' },
  },
  {
    id: 'q29',
    domain: 'emotionalStability',
    keyed: 'plus',
    // Johnson's item is keyed minus for Neuroticism (facet N6, Vulnerability), which is
    // plus for Emotional Stability.
    source: 'IPIP-NEO-120 (Johnson 2014), item 116, Neuroticism N6 Vulnerability -',
    text: {
      en: 'I remain calm under pressure.',
      hinglish: 'Pressure mein bhi mera dimaag shaant rehta hai.',
      hindi: 'दबाव में भी मेरा दिमाग़ शांत रहता है।',
    },
  },
  {
    id: 'q30',
    domain: 'openness',
    keyed: 'plus',
    source: B5(50, 'Intellect/Imagination', '+'),
    text: {
      en: 'I am full of ideas.',
      hinglish: 'Mere dimaag mein naye ideas ki kami nahi hoti.',
      hindi: 'मेरे दिमाग़ में नए विचारों की कमी नहीं होती।',
    },
  },
];

export const QUIZ_ITEM_IDS: readonly string[] = QUIZ_ITEMS.map((item) => item.id);
export const QUIZ_ITEM_COUNT = QUIZ_ITEMS.length;

/** The statement in the language the test is taken in. */
export function quizItemText(item: QuizItem, language: QuizLanguage): string {
  return item.text[quizTextKey(language)];
}
