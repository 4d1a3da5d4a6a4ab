// Scores a complete set of quiz answers into a five-domain profile. Pure and synchronous,
// so the PWA can show the result offline and the API can recompute it for the certificate.
import { QUIZ_MESSAGES, quizAnswersProblem } from './answers.ts';
import { QUIZ_DOMAINS, QUIZ_ITEMS, type QuizDomain } from './items.ts';
import { quizTextKey, type QuizAnswers, type QuizLanguage, type QuizText } from './options.ts';

export type QuizBand = 'low' | 'balanced' | 'high';

export interface QuizDomainScore {
  domain: QuizDomain;
  /** Sum of the six item scores, 6..24. */
  raw: number;
  /** Position within the possible range, 0..100, rounded: (raw - 6) / 18 * 100. */
  percent: number;
  band: QuizBand;
}

export interface QuizResult {
  /** One score per domain, in QUIZ_DOMAINS order. */
  domains: QuizDomainScore[];
}

const ITEMS_PER_DOMAIN = 6;
export const RAW_MIN = ITEMS_PER_DOMAIN * 1;
export const RAW_MAX = ITEMS_PER_DOMAIN * 4;

// Bands are cut on the share of the possible range, not on population norms (we have none
// for Indian students yet, and inventing them would pretend to a precision we lack).
// The middle band is centred on raw 15, the score of someone who answers "moderately
// accurate" to every statement, and is wide enough to hold answers that lean one step
// either way on a couple of items. Outside it, the person has described themselves one way
// consistently. On the 6..24 scale: low is raw 6-13 (0-39 %), balanced 14-16 (44-56 %),
// high 17-24 (61-100 %).
export const BAND_LOW_BELOW_PERCENT = 40;
export const BAND_HIGH_ABOVE_PERCENT = 60;

export class QuizAnswersError extends Error {
  override name = 'QuizAnswersError';
}

/**
 * Scores answers to all 30 items. A..D (indices 0..3) score 1..4 on plus-keyed items and
 * 4..1 on minus-keyed items. Throws QuizAnswersError, with the schema's user-facing
 * message, when the answers are incomplete or hold an unknown id or a non-option: a
 * profile built on part of the test would be printed on a certificate, so it must not
 * quietly exist.
 */
export function scoreAnswers(answers: QuizAnswers): QuizResult {
  const problem = quizAnswersProblem(answers);
  if (problem !== null) throw new QuizAnswersError(problem);

  const raw = Object.fromEntries(QUIZ_DOMAINS.map((d) => [d, 0])) as Record<QuizDomain, number>;
  for (const item of QUIZ_ITEMS) {
    const index = answers[item.id];
    if (index === undefined) throw new QuizAnswersError(QUIZ_MESSAGES.incomplete);
    raw[item.domain] += item.keyed === 'plus' ? index + 1 : 4 - index;
  }
  return { domains: QUIZ_DOMAINS.map((domain) => domainScore(domain, raw[domain])) };
}

function domainScore(domain: QuizDomain, raw: number): QuizDomainScore {
  const share = ((raw - RAW_MIN) / (RAW_MAX - RAW_MIN)) * 100;
  const band: QuizBand = share < BAND_LOW_BELOW_PERCENT ? 'low' : share > BAND_HIGH_ABOVE_PERCENT ? 'high' : 'balanced';
  return { domain, raw, percent: Math.round(share), band };
}

export const QUIZ_BAND_LABELS: Record<QuizBand, QuizText> = {
  low: { en: 'Low', hinglish: 'Kam', hindi: 'कम' },
  balanced: { en: 'Balanced', hinglish: 'Santulit', hindi: 'संतुलित' },
  high: { en: 'High', hinglish: 'Zyada', hindi: 'ज़्यादा' },
};

export interface QuizBandProfile {
  /** A kind, short name for this way of being, fit for a certificate. */
  title: QuizText;
  /** What it means for teams, interviews and communication, and one thing to try. */
  text: QuizText;
}

// Every band is written as a strength with one practical next step, never as a flaw: the
// test describes style, not ability, and people share these results.
export const QUIZ_BAND_PROFILES: Record<QuizDomain, Record<QuizBand, QuizBandProfile>> = {
  extraversion: {
    low: {
      title: { en: 'Reflective', hinglish: 'Shaant aur vichaarsheel', hindi: 'शांत और विचारशील' },
      text: {
        en: 'You recharge in quieter settings and think before you speak, which makes you a careful listener. Before interviews and group discussions, prepare two or three points so your good ideas get heard.',
        hinglish:
          'Shaant mahaul mein aapki energy wapas aati hai aur bolne se pehle sochna aapki aadat hai, isliye dhyaan se sunna aapki khoobi hai. Interview ya group discussion se pehle do-teen points taiyaar rakhiye, taaki aapke achhe ideas sabko sunaai dein.',
        hindi:
          'शांत माहौल में आपकी ऊर्जा लौटती है और बोलने से पहले सोचना आपकी आदत है, इसलिए ध्यान से सुनना आपकी ख़ूबी है। इंटरव्यू या ग्रुप डिस्कशन से पहले दो-तीन बातें तैयार रखिए, ताकि आपके अच्छे विचार सबको सुनाई दें।',
      },
    },
    balanced: {
      title: { en: 'Ambivert', hinglish: 'Ambivert (dono ka mix)', hindi: 'उभयमुखी (दोनों का मेल)' },
      text: {
        en: 'You can enjoy a lively group and also work well on your own. Use that range: speak up when a team needs energy, and step back to listen when others need space.',
        hinglish:
          'Group ki ronak aur akele kaam, dono aapko suit karte hain. Is range ka fayda uthaiye: jab team ko energy chahiye tab aage aaiye, aur jab doosron ko bolna ho tab sunne ka mauka dijiye.',
        hindi:
          'समूह की रौनक़ और अकेले काम, दोनों आपको रास आते हैं। इस ख़ूबी का फ़ायदा उठाइए: जब टीम को ऊर्जा चाहिए तब आगे आइए, और जब दूसरों को बोलना हो तब सुनने का मौक़ा दीजिए।',
      },
    },
    high: {
      title: { en: 'Outgoing', hinglish: 'Milansaar aur outgoing', hindi: 'मिलनसार' },
      text: {
        en: 'You draw energy from people and find it easy to start conversations, a real strength in interviews, presentations and networking. Pause now and then to invite quieter teammates in, so the whole group is heard.',
        hinglish:
          'Logon se milkar aapko energy milti hai aur baatcheet shuru karna aapke liye aasaan hai; interview, presentation aur networking mein yeh badi taaqat hai. Beech-beech mein ruk kar shaant teammates ko bhi bolne ka mauka dijiye.',
        hindi:
          'लोगों से मिलकर आपको ऊर्जा मिलती है और बातचीत शुरू करना आपके लिए आसान है; इंटरव्यू, प्रेज़ेंटेशन और नेटवर्किंग में यह बड़ी ताक़त है। बीच-बीच में रुककर शांत साथियों को भी बोलने का मौक़ा दीजिए, ताकि पूरी टीम की बात सुनी जाए।',
      },
    },
  },
  agreeableness: {
    low: {
      title: { en: 'Candid', hinglish: 'Seedhi baat', hindi: 'स्पष्टवादी' },
      text: {
        en: 'You say what you think and are not easily swayed, which helps in negotiations and honest feedback. Pair your directness with a word of appreciation, and people will take your point more readily.',
        hinglish:
          'Seedhi baat kehna aur aasaani se na jhukna aapki khoobi hai, jo negotiation aur honest feedback mein kaam aati hai. Apni baat ke saath thodi tareef bhi jodiye, to log aapki baat zyada aasaani se maanenge.',
        hindi:
          'अपनी बात सीधे कहना और आसानी से न झुकना आपकी ख़ूबी है, जो मोल-भाव और ईमानदार फ़ीडबैक में काम आती है। अपनी बात के साथ थोड़ी तारीफ़ भी जोड़िए, तो लोग आपकी बात ज़्यादा आसानी से मानेंगे।',
      },
    },
    balanced: {
      title: { en: 'Fair-minded', hinglish: 'Santulit aur nyaaypriya', hindi: 'संतुलित और न्यायप्रिय' },
      text: {
        en: 'You balance kindness with standing your ground: you can support a teammate and still disagree politely when it matters, a mix interviewers and managers value.',
        hinglish:
          'Narmi aur apni baat par tike rehna, dono ka achha santulan aapmein hai. Teammate ka saath dena aur zaroorat padne par vinamrata se asahmati jataana, yeh mix interviewers aur managers ko pasand aata hai.',
        hindi:
          'नरमी और अपनी बात पर टिके रहना, दोनों का अच्छा संतुलन आपमें है। साथी का साथ देना और ज़रूरत पड़ने पर विनम्रता से असहमति जताना, यह मेल इंटरव्यू लेने वालों और मैनेजरों को पसंद आता है।',
      },
    },
    high: {
      title: { en: 'Warm and cooperative', hinglish: 'Madadgaar aur apnepan se bhara', hindi: 'मददगार और आत्मीय' },
      text: {
        en: 'You are considerate and make people feel at ease, which builds trust in any team. Practise saying no kindly and voicing disagreement early, so your own ideas and time are respected too.',
        hinglish:
          'Doosron ka khayal rakhna aur logon ko comfortable mehsoos karaana aapki khoobi hai; isse kisi bhi team mein bharosa banta hai. Pyaar se "na" kehna aur asahmati jaldi bolna practice kijiye, taaki aapke ideas aur time ki bhi kadar ho.',
        hindi:
          'दूसरों का ख़याल रखना और लोगों को सहज महसूस कराना आपकी ख़ूबी है; इससे किसी भी टीम में भरोसा बनता है। प्यार से "ना" कहना और असहमति जल्दी जताना सीखिए, ताकि आपके विचारों और समय की भी क़द्र हो।',
      },
    },
  },
  conscientiousness: {
    low: {
      title: { en: 'Flexible', hinglish: 'Flexible', hindi: 'लचीले' },
      text: {
        en: 'You adapt easily and stay relaxed when plans change. A simple to-do list and one fixed daily routine can turn that flexibility into the reliability employers notice.',
        hinglish:
          'Plan badalne par adjust karna aur relaxed rehna aapke liye aasaan hai. Ek simple to-do list aur ek fixed daily routine is flexibility ko reliability mein badal sakti hai, jo employers turant notice karte hain.',
        hindi:
          'योजना बदलने पर ढल जाना और बेफ़िक्र रहना आपके लिए आसान है। कामों की एक छोटी सूची और रोज़ की एक तय दिनचर्या इस लचीलेपन को भरोसेमंदी में बदल सकती है, जिसे नौकरी देने वाले तुरंत पहचानते हैं।',
      },
    },
    balanced: {
      title: { en: 'Steady', hinglish: 'Steady aur bharosemand', hindi: 'स्थिर और भरोसेमंद' },
      text: {
        en: 'You get the important things done without being rigid about the rest. For interviews and projects, keep a short plan with deadlines so what matters most never slips.',
        hinglish:
          'Zaroori kaam poore karna aapko aata hai, bina har cheez mein sakhti ke. Interviews aur projects ke liye deadlines ke saath ek chhota plan rakhiye, taaki sabse zaroori cheezein kabhi na chhootein.',
        hindi:
          'ज़रूरी काम पूरे करना आपको आता है, बिना हर चीज़ में सख़्ती के। इंटरव्यू और प्रोजेक्ट के लिए समय-सीमाओं के साथ एक छोटी योजना रखिए, ताकि सबसे ज़रूरी चीज़ें कभी न छूटें।',
      },
    },
    high: {
      title: { en: 'Organised', hinglish: 'Organised aur disciplined', hindi: 'व्यवस्थित और अनुशासित' },
      text: {
        en: 'You plan ahead, pay attention to detail and follow through, qualities every team leans on. Leave room for the unexpected, and trust teammates with tasks so you do not carry everything alone.',
        hinglish:
          'Pehle se planning, details par dhyaan aur kaam poora karna aapki pehchaan hai; har team in khoobiyon par bharosa karti hai. Achaanak badlaav ke liye bhi jagah rakhiye, aur teammates ko kaam saunpiye taaki saara bojh akele aap par na ho.',
        hindi:
          'पहले से योजना, बारीकियों पर ध्यान और काम पूरा करना आपकी पहचान है; हर टीम इन ख़ूबियों पर भरोसा करती है। अचानक बदलाव के लिए भी जगह रखिए, और साथियों को काम सौंपिए ताकि सारा बोझ अकेले आप पर न हो।',
      },
    },
  },
  emotionalStability: {
    low: {
      title: { en: 'Sensitive', hinglish: 'Samvedansheel', hindi: 'संवेदनशील' },
      text: {
        en: 'You feel things deeply and notice what could go wrong, which can make you careful and empathetic. Small routines, like slow breathing before an interview or talking a worry through with a friend, help you stay steady under pressure.',
        hinglish:
          'Cheezon ko gehraai se mehsoos karna aur gadbad ka pehle se andaaza lagana aapki khoobi hai, jo aapko savdhaan aur samvedansheel banati hai. Interview se pehle dheere-dheere saans lena ya kisi dost se apni chinta share karna, aise chhote tareeke pressure mein aapko steady rakhenge.',
        hindi:
          'चीज़ों को गहराई से महसूस करना और गड़बड़ी का पहले से अंदाज़ा लगाना आपकी ख़ूबी है, जो आपको सावधान और संवेदनशील बनाती है। इंटरव्यू से पहले धीरे-धीरे साँस लेना या किसी दोस्त से अपनी चिंता बाँटना, ऐसे छोटे तरीक़े दबाव में आपको स्थिर रखेंगे।',
      },
    },
    balanced: {
      title: { en: 'Even-keeled', hinglish: 'Santulit', hindi: 'संतुलित' },
      text: {
        en: 'You handle everyday stress fairly well and bounce back after a bad day. Learn your early signs of stress, like rushing or irritation, and take a short break before they build up.',
        hinglish:
          'Roz ka stress sambhaalna aur bure din ke baad wapas sambhalna aapko aata hai. Stress ke shuruaati sanket, jaise jaldbaazi ya chidchidapan, pehchaaniye aur unke badhne se pehle ek chhota break lijiye.',
        hindi:
          'रोज़ का तनाव सँभालना और बुरे दिन के बाद फिर से सँभल जाना आपको आता है। तनाव के शुरुआती संकेत, जैसे जल्दबाज़ी या चिड़चिड़ापन, पहचानिए और उनके बढ़ने से पहले एक छोटा ब्रेक लीजिए।',
      },
    },
    high: {
      title: { en: 'Composed', hinglish: 'Pressure mein shaant', hindi: 'दबाव में शांत' },
      text: {
        en: 'You stay calm under pressure, and your steadiness can settle a nervous team before a deadline or a presentation. Others may feel more stress than they show, so check in with them.',
        hinglish:
          'Pressure mein shaant rehna aapki taaqat hai, aur deadline ya presentation se pehle aapka thehraav ghabraai hui team ko sambhaal sakta hai. Doosre log shayad jitna dikhate hain usse zyada stress mehsoos karte hain, isliye unka haal poochhte rahiye.',
        hindi:
          'दबाव में शांत रहना आपकी ताक़त है, और समय-सीमा या प्रेज़ेंटेशन से पहले आपका ठहराव घबराई हुई टीम को सँभाल सकता है। दूसरे लोग शायद जितना दिखाते हैं उससे ज़्यादा तनाव महसूस करते हैं, इसलिए उनका हाल पूछते रहिए।',
      },
    },
  },
  openness: {
    low: {
      title: { en: 'Practical', hinglish: 'Practical', hindi: 'व्यावहारिक' },
      text: {
        en: 'You prefer proven methods and concrete facts and get straight to the point, which is valuable when a team has to deliver. Try one new idea or tool at a time to show interviewers you can adapt as well as execute.',
        hinglish:
          'Aazmaaye hue tareeke aur thos facts aapko pasand hain, aur seedhe point par aana aapki khoobi hai; jab team ko kaam deliver karna ho tab yeh bahut kaam aata hai. Ek baar mein ek naya idea ya tool try kijiye, taaki interviewers dekhein ki execute ke saath adapt karna bhi aapko aata hai.',
        hindi:
          'आज़माए हुए तरीक़े और ठोस तथ्य आपको पसंद हैं, और सीधे मुद्दे पर आना आपकी ख़ूबी है; जब टीम को काम पूरा करके देना हो तब यह बहुत काम आता है। एक बार में एक नया विचार या तरीक़ा आज़माइए, ताकि इंटरव्यू लेने वाले देखें कि काम करने के साथ ढलना भी आपको आता है।',
      },
    },
    balanced: {
      title: { en: 'Curious and grounded', hinglish: 'Jigyaasu par practical', hindi: 'जिज्ञासु पर व्यावहारिक' },
      text: {
        en: 'You are open to new ideas but like to see how they work in practice. That balance helps a team pick ideas that are both fresh and doable, so share your questions and your practical checks.',
        hinglish:
          'Naye ideas ke liye aapka mann khula hai, par unhe practice mein parakhna bhi aapko pasand hai. Yeh santulan team ko aise ideas chunne mein madad karta hai jo naye bhi hon aur kaam ke bhi, isliye apne sawaal aur practical suggestions dono share kijiye.',
        hindi:
          'नए विचारों के लिए आपका मन खुला है, पर उन्हें व्यवहार में परखना भी आपको पसंद है। यह संतुलन टीम को ऐसे विचार चुनने में मदद करता है जो नए भी हों और काम के भी, इसलिए अपने सवाल और व्यावहारिक सुझाव दोनों साझा कीजिए।',
      },
    },
    high: {
      title: { en: 'Imaginative', hinglish: 'Kalpanasheel', hindi: 'कल्पनाशील' },
      text: {
        en: 'You enjoy ideas, imagination and reflection, and often see new ways to solve a problem. In teams and interviews, link each idea to a concrete next step so others can see how it would work.',
        hinglish:
          'Ideas, kalpana aur gehraai se sochna aapko pasand hai, aur problem solve karne ke naye raaste aksar aapko dikh jaate hain. Team aur interview mein har idea ke saath ek thos next step bataiye, taaki doosre samajh sakein ki woh kaise kaam karega.',
        hindi:
          'विचार, कल्पना और गहराई से सोचना आपको पसंद है, और समस्या सुलझाने के नए रास्ते अक्सर आपको दिख जाते हैं। टीम और इंटरव्यू में हर विचार के साथ एक ठोस अगला क़दम बताइए, ताकि दूसरे समझ सकें कि वह कैसे काम करेगा।',
      },
    },
  },
};

/** The band's title and text in the test's language. */
export function describeScore(score: QuizDomainScore, language: QuizLanguage): { title: string; text: string } {
  const profile = QUIZ_BAND_PROFILES[score.domain][score.band];
  const key = quizTextKey(language);
  return { title: profile.title[key], text: profile.text[key] };
}
