// A classroom session's pages on a student's phone (/s/{code}) in each test language: the
// header, the join form and the thank-you. A Hinglish session's class reads Hinglish from
// the first screen, as its test does (content/quiz.ts).
import type { QuizLanguage } from '../../contract/quiz/options.ts';

export interface SessionWords {
  /** BCP 47 tag for the page's `lang`. */
  lang: string;
  checking: string;
  ready: string;
  unsupported: string;
  nameLabel: string;
  emailLabel: string;
  rollLabel: string;
  phoneLabel: string;
  collects: string;
  join: string;
  joining: string;
  joinFailed: string;
  thanks: string;
  readingOutbox: string;
  waiting: string;
  /** Sent: with an email the certificate is also mailed; without one it is only at its link. */
  sentEmailed: string;
  sentNoEmail: string;
  certificateTitle: string;
  certificateOpen: string;
  certificateScan: string;
  /** The answers are not delivered yet: the certificate's link appears here once they are. */
  certificateLater: string;
  outbox: string;
  again: string;
}

export const SESSION_WORDS: Record<QuizLanguage, SessionWords> = {
  english: {
    lang: 'en',
    checking: 'Getting the test onto this phone…',
    ready: 'Ready: this phone can take the whole test even if the internet goes.',
    unsupported: 'Keep this page open: on this connection the phone cannot keep the test for offline use.',
    nameLabel: 'Your name (as it should appear on your certificate)',
    emailLabel: 'Email',
    rollLabel: 'Roll number (instead of an email)',
    phoneLabel: 'Phone (optional)',
    collects: 'your name, email or roll number, phone if you give it, and your test answers',
    join: 'Join and start the test',
    joining: 'Joining...',
    joinFailed: 'Could not join the session. Please try again.',
    thanks: 'Thank you!',
    readingOutbox: 'Checking whether your answers have gone…',
    waiting:
      'Your answers are saved on this phone and will be sent by themselves when it is back online. Keep the app or browser installed until then.',
    sentEmailed: 'Your answers have been sent. Your certificate is below, and a copy is on its way to your email.',
    sentNoEmail: 'Your answers have been sent. Your certificate is below.',
    certificateTitle: 'Your certificate',
    certificateOpen: 'Open your certificate',
    certificateScan: 'Or scan this code with another phone to keep the link.',
    certificateLater: 'Your certificate’s link appears here as soon as your answers reach us.',
    outbox: 'What is waiting on this phone',
    again: 'Take the test again',
  },
  hinglish: {
    lang: 'hi-Latn',
    checking: 'Test is phone par aa raha hai…',
    ready: 'Taiyaar: internet chala jaaye tab bhi yeh phone poora test de sakta hai.',
    unsupported: 'Yeh page khula rakhiye: is connection par phone test ko offline ke liye nahi rakh sakta.',
    nameLabel: 'Aapka naam (jaisa certificate par aana chahiye)',
    emailLabel: 'Email',
    rollLabel: 'Roll number (email ki jagah)',
    phoneLabel: 'Phone (zaroori nahi)',
    collects: 'aapka naam, email ya roll number, phone agar aap dein, aur aapke test ke jawab',
    join: 'Join kijiye aur test shuru kijiye',
    joining: 'Join ho raha hai...',
    joinFailed: 'Session join nahi ho paaya. Kripya dobara koshish kijiye.',
    thanks: 'Dhanyavaad!',
    readingOutbox: 'Dekh rahe hain ki aapke jawab chale gaye ya nahi…',
    waiting:
      'Aapke jawab is phone par save hain aur internet aate hi apne aap bhej diye jaayenge. Tab tak app ya browser install rehne dijiye.',
    sentEmailed: 'Aapke jawab bhej diye gaye hain. Aapka certificate neeche hai, aur ek copy aapke email par aa rahi hai.',
    sentNoEmail: 'Aapke jawab bhej diye gaye hain. Aapka certificate neeche hai.',
    certificateTitle: 'Aapka certificate',
    certificateOpen: 'Apna certificate kholiye',
    certificateScan: 'Ya link rakhne ke liye yeh code doosre phone se scan kijiye.',
    certificateLater: 'Jaise hi aapke jawab humein milenge, certificate ka link yahan aa jaayega.',
    outbox: 'Is phone par kya bhejna baaki hai',
    again: 'Test dobara dijiye',
  },
  hindi: {
    lang: 'hi',
    checking: 'टेस्ट इस फ़ोन पर आ रहा है…',
    ready: 'तैयार: इंटरनेट चला जाए तब भी यह फ़ोन पूरा टेस्ट दे सकता है।',
    unsupported: 'यह पेज खुला रखिए: इस कनेक्शन पर फ़ोन टेस्ट को ऑफ़लाइन के लिए नहीं रख सकता।',
    nameLabel: 'आपका नाम (जैसा प्रमाणपत्र पर आना चाहिए)',
    emailLabel: 'ईमेल',
    rollLabel: 'रोल नंबर (ईमेल की जगह)',
    phoneLabel: 'फ़ोन (ज़रूरी नहीं)',
    collects: 'आपका नाम, ईमेल या रोल नंबर, फ़ोन अगर आप दें, और आपके टेस्ट के जवाब',
    join: 'जुड़िए और टेस्ट शुरू कीजिए',
    joining: 'जुड़ रहे हैं...',
    joinFailed: 'सत्र से जुड़ नहीं पाए। कृपया फिर से कोशिश कीजिए।',
    thanks: 'धन्यवाद!',
    readingOutbox: 'देख रहे हैं कि आपके जवाब चले गए या नहीं…',
    waiting: 'आपके जवाब इस फ़ोन पर सहेजे गए हैं और इंटरनेट आते ही अपने-आप भेज दिए जाएँगे। तब तक ऐप या ब्राउज़र इंस्टॉल रहने दीजिए।',
    sentEmailed: 'आपके जवाब भेज दिए गए हैं। आपका प्रमाणपत्र नीचे है, और एक कॉपी आपके ईमेल पर आ रही है।',
    sentNoEmail: 'आपके जवाब भेज दिए गए हैं। आपका प्रमाणपत्र नीचे है।',
    certificateTitle: 'आपका प्रमाणपत्र',
    certificateOpen: 'अपना प्रमाणपत्र खोलिए',
    certificateScan: 'या लिंक रखने के लिए यह कोड दूसरे फ़ोन से स्कैन कीजिए।',
    certificateLater: 'जैसे ही आपके जवाब हमें मिलेंगे, प्रमाणपत्र का लिंक यहाँ आ जाएगा।',
    outbox: 'इस फ़ोन पर क्या भेजना बाक़ी है',
    again: 'टेस्ट फिर से दीजिए',
  },
};
