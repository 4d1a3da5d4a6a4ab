// The Hindi side of every message a visitor can meet from a form or the API: the spec's
// messages, the API's request problems, and the rules' messages made from a field's label
// ("Email is required"). Typed by the English tables' keys, so a new English message
// without its Hindi one fails the typecheck; messages-hi.test.ts checks none is empty and
// that every label a schema uses has its Hindi name. Used by the PWA (the form shows its
// error in the page's language) and by the API (answers in Hindi when Accept-Language
// prefers hi): one table, so both say the same words.
import { BOOKING_HOLD_DAYS } from './bookings.ts';
import { CONSENT_MESSAGES } from './consent.ts';
import { ERASURE_MESSAGES } from './erasure.ts';
import { API_MESSAGES, MESSAGES } from './messages.ts';
import { WEBINAR_MESSAGES } from './webinars.ts';

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

export const MESSAGES_HI: Record<keyof typeof MESSAGES, string> = {
  phoneTenDigits: 'कृपया सही 10 अंकों का नंबर लिखें',
  personalityPhone: 'फ़ोन नंबर 10 अंकों का होना चाहिए',
  invalidEmail: 'ईमेल पता सही नहीं है',
  passwordMin: 'पासवर्ड कम से कम 6 अक्षरों का होना चाहिए',
  allFieldsRequired: 'सभी जानकारी भरना ज़रूरी है!',
  passwordsDoNotMatch: 'दोनों पासवर्ड एक जैसे नहीं हैं',
  contactSuccess: 'आपका संदेश भेज दिया गया!',
  contactFailure: 'संदेश भेजने में दिक़्क़त हुई।',
  freeJoinSuccess: 'स्वागत है! आपकी मुफ़्त सीट पक्की है — मंगलवार की लाइव क्लास में मिलते हैं।',
  freeJoinFailure: 'कुछ गड़बड़ हो गई।',
  enquirySuccess: 'फ़ॉर्म भेज दिया गया!',
  enquiryFailure: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  joinNowSuccess: '🎉 रजिस्ट्रेशन हो गया!',
  joinNowFailure: 'कुछ गड़बड़ हो गई',
  emailAlreadyRegistered: 'यह ईमेल पहले से रजिस्टर्ड है।',
  personalitySuccess: 'फ़ॉर्म भेज दिया गया!',
  personalityFailure: 'कुछ गड़बड़ हो गई!',
  personalityNetwork: 'सर्वर में दिक़्क़त है, कृपया फिर से कोशिश करें!',
  bookingSuccess: `सीट आपके लिए रखी गई है — इसे बनाए रखने के लिए ${BOOKING_HOLD_DAYS} दिन के अंदर भुगतान करें`,
  bookingFailure: 'आपकी सीट बुक नहीं हो सकी। कृपया फिर से कोशिश करें।',
  referenceTaken: 'यह बुकिंग रेफ़रेंस पहले ही इस्तेमाल हो चुका है। कृपया दोबारा बुक करें।',
  proposalSuccess: 'धन्यवाद! हमारी टीम जल्द ही आपको प्रस्ताव भेजेगी।',
  proposalFailure: 'आपका अनुरोध नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
  bookingNotFound: 'इस रेफ़रेंस की कोई बुकिंग नहीं है।',
  utrSaved: 'धन्यवाद! हम जल्द ही आपके भुगतान की पुष्टि करेंगे।',
  utrDifferent: 'इस बुकिंग के साथ पहले से कोई दूसरा UTR दर्ज है। अगर वह गलत है तो हमें फ़ोन करें।',
  utrTaken: 'यह UTR किसी दूसरी बुकिंग के लिए पहले ही दिया जा चुका है। कृपया नंबर जाँचें या हमें फ़ोन करें।',
};

export const API_MESSAGES_HI: Record<StringKeys<typeof API_MESSAGES>, string> = {
  notJson: 'भेजा गया डेटा सही JSON नहीं है',
  notObject: 'भेजा गया डेटा JSON ऑब्जेक्ट होना चाहिए',
  tooDeep: 'भेजे गए डेटा में बहुत ज़्यादा परतें हैं',
  bodyIncomplete: 'भेजा गया डेटा पूरा नहीं पहुँचा',
  wrongTypes: 'कुछ जानकारी गलत रूप में भेजी गई है',
  unsupportedMediaType: 'Content-Type application/json होना चाहिए',
  notFound: 'नहीं मिला',
  idempotencyConflict: 'यह Idempotency-Key किसी दूसरे अनुरोध के साथ पहले इस्तेमाल हो चुकी है',
  idempotencyInFlight: 'इसी Idempotency-Key वाला अनुरोध अभी चल रहा है; थोड़ी देर में फिर कोशिश करें',
  badIdempotencyKey: 'Idempotency-Key में 8 से 128 अक्षर हों: अक्षर, अंक, "-", "_", "." या ":"',
  internal: 'हमारी तरफ़ से कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  unstorable: 'इस फ़ॉर्म में कोई ऐसी चीज़ है जिसे सहेजा नहीं जा सकता। कृपया जो लिखा है उसे जाँचकर दोबारा भेजें।',
  unavailable: 'सेवा अभी उपलब्ध नहीं है',
  tooManyRequests: 'बहुत ज़्यादा अनुरोध आए हैं। कृपया थोड़ा रुककर फिर कोशिश करें।',
};

export const CONSENT_MESSAGES_HI: Record<keyof typeof CONSENT_MESSAGES, string> = {
  ageRequired: 'कृपया बताएँ कि आपकी उम्र 18 साल या उससे ज़्यादा है, या आपके माता-पिता/अभिभावक सहमत हैं',
  guardianEmail: 'कृपया अपने माता-पिता या अभिभावक का ईमेल लिखें',
};

export const ERASURE_MESSAGES_HI: Record<keyof typeof ERASURE_MESSAGES, string> = {
  requested: 'अगर इस ईमेल से जुड़ी कोई जानकारी हमारे पास है, तो हमने उस पर पुष्टि का लिंक भेज दिया है। लिंक एक ही बार, 24 घंटे तक काम करेगा।',
  linkInvalid: 'इस लिंक की समय-सीमा ख़त्म हो चुकी है या इसका इस्तेमाल पहले ही हो चुका है। कृपया फिर से अनुरोध करें।',
  erased: 'आपका डेटा मिटा दिया गया है।',
  withdrawn: 'यह सर्टिफ़िकेट वापस ले लिया गया है।',
};

export const WEBINAR_MESSAGES_HI: Record<keyof typeof WEBINAR_MESSAGES, string> = {
  notFound: 'वेबिनार नहीं मिला',
  closed: 'इस वेबिनार का रजिस्ट्रेशन बंद हो चुका है।',
  unknown: 'यह वेबिनार हमारी सूची में नहीं है। कृपया सूची में से कोई वेबिनार चुनें।',
  registered: 'आपका रजिस्ट्रेशन हो गया है। जुड़ने का लिंक आपके ईमेल पर भेजा जा रहा है।',
  failure: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  offline: 'आप ऑफ़लाइन हैं, इसलिए वेबिनार की सूची नहीं खुल सकी। इंटरनेट से जुड़ने पर फिर से कोशिश करें।',
  none: 'अभी कोई वेबिनार तय नहीं है। कृपया कुछ दिन बाद फिर देखें।',
  loadFailed: 'वेबिनार की सूची नहीं खुल सकी। कृपया फिर से कोशिश करें।',
};

/** The Hindi name of each field label the contract's rules put in their messages. */
export const LABELS_HI: Record<string, string> = {
  'First name': 'पहला नाम',
  'Last name': 'उपनाम',
  Name: 'नाम',
  Email: 'ईमेल',
  Phone: 'फ़ोन नंबर',
  'Phone number': 'फ़ोन नंबर',
  'WhatsApp number': 'WhatsApp नंबर',
  Message: 'संदेश',
  Password: 'पासवर्ड',
  Organisation: 'संस्था',
  'Your role': 'आपका पद',
  City: 'शहर',
  Participants: 'लोगों की संख्या',
  'Preferred months': 'पसंद के महीने',
  Batch: 'बैच',
  'Booking reference': 'बुकिंग रेफ़रेंस',
};

/** A field label in Hindi: its name from LABELS_HI, or the English one where none is known. */
export const hindiLabel = (english: string): string => LABELS_HI[english] ?? english;

/** The label-made messages (contract/leads.ts, text-rules.ts): English pattern → Hindi. */
const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^(.+) is required$/, (m) => `${hindiLabel(m[1]!)} भरना ज़रूरी है`],
  [/^(.+) must be at most (\d+) characters$/, (m) => `${hindiLabel(m[1]!)} ज़्यादा से ज़्यादा ${m[2]} अक्षरों का हो सकता है`],
  [/^(.+) must be text$/, (m) => `${hindiLabel(m[1]!)} में सिर्फ़ टेक्स्ट लिखें`],
  [/^(.+) contains characters that are not allowed$/, (m) => `${hindiLabel(m[1]!)} में कुछ ऐसे अक्षर हैं जिनकी अनुमति नहीं है`],
  [/^(.+) cannot contain a web address$/, (m) => `${hindiLabel(m[1]!)} में वेबसाइट का पता नहीं हो सकता`],
  [/^(.+) has the wrong type$/, (m) => `${hindiLabel(m[1]!)} गलत रूप में भेजा गया है`],
  [/^(.+) is not valid$/, (m) => `${hindiLabel(m[1]!)} सही नहीं है`],
  [/^Request body is too large \(limit (.+)\)$/, (m) => `भेजा गया डेटा बहुत बड़ा है (सीमा ${m[1]})`],
  [/^Please choose your background$/, () => 'कृपया अपनी पृष्ठभूमि चुनें'],
  [/^Please choose a course$/, () => 'कृपया एक कोर्स चुनें'],
  [/^Please choose a programme$/, () => 'कृपया एक प्रोग्राम चुनें'],
  [/^Please choose a package$/, () => 'कृपया एक पैकेज चुनें'],
  [/^Please choose a batch$/, () => 'कृपया एक बैच चुनें'],
  [/^(.+) must be a number$/, (m) => `${hindiLabel(m[1]!)} अंकों में लिखें`],
  [/^(.+) must be a whole number$/, (m) => `${hindiLabel(m[1]!)} में दशमलव नहीं हो सकता`],
  [/^(.+) must be at least (\d+)$/, (m) => `${hindiLabel(m[1]!)} कम से कम ${m[2]} होनी चाहिए`],
  [/^(.+) must be at most (\d+)$/, (m) => `${hindiLabel(m[1]!)} ज़्यादा से ज़्यादा ${Number(m[2]).toLocaleString('en-IN')} हो सकती है`],
  [/^Please enter the UTR your UPI app shows$/, () => 'कृपया वह UTR लिखें जो आपका UPI ऐप दिखाता है'],
  [/^A UTR is 12 to 22 letters and digits$/, () => 'UTR में 12 से 22 अक्षर और अंक होते हैं'],
];

let exact: Map<string, string> | undefined;
function exactTable(): Map<string, string> {
  exact ??= new Map<string, string>([
    ...(Object.keys(MESSAGES_HI) as Array<keyof typeof MESSAGES>).map((k) => [MESSAGES[k], MESSAGES_HI[k]] as [string, string]),
    ...(Object.keys(API_MESSAGES_HI) as Array<keyof typeof API_MESSAGES_HI>).map(
      (k) => [API_MESSAGES[k], API_MESSAGES_HI[k]] as [string, string],
    ),
    ...(Object.keys(CONSENT_MESSAGES_HI) as Array<keyof typeof CONSENT_MESSAGES>).map(
      (k) => [CONSENT_MESSAGES[k], CONSENT_MESSAGES_HI[k]] as [string, string],
    ),
    ...(Object.keys(ERASURE_MESSAGES_HI) as Array<keyof typeof ERASURE_MESSAGES>).map(
      (k) => [ERASURE_MESSAGES[k], ERASURE_MESSAGES_HI[k]] as [string, string],
    ),
    ...(Object.keys(WEBINAR_MESSAGES_HI) as Array<keyof typeof WEBINAR_MESSAGES>).map(
      (k) => [WEBINAR_MESSAGES[k], WEBINAR_MESSAGES_HI[k]] as [string, string],
    ),
  ]);
  return exact;
}

/** The Hindi words for an English message of ours; undefined for one this table does not know (shown as it is). */
export function hindiMessage(english: string): string | undefined {
  const found = exactTable().get(english);
  if (found) return found;
  for (const [pattern, say] of PATTERNS) {
    const m = pattern.exec(english);
    if (m) return say(m);
  }
  return undefined;
}

/** The message in `lang`: Hindi where this table has it, otherwise the English one (never nothing). */
export function localizeMessage(message: string, lang: string): string {
  return lang === 'hi' ? (hindiMessage(message) ?? message) : message;
}
