// The Outbox page in Hindi.
import type { OutboxWords } from '../outbox.ts';

const OUTBOX_HI: OutboxWords = {
  title: 'आउटबॉक्स — इस डिवाइस पर रखे फ़ॉर्म',
  description: 'इस डिवाइस पर रखे फ़ॉर्म और टेस्ट के जवाब, जो भेजे जाने का इंतज़ार कर रहे हैं।',
  heading: 'आउटबॉक्स',
  lead: 'आप जो भी भेजते हैं, वह पहले इसी डिवाइस पर सहेजा जाता है और इंटरनेट मिलते ही भेज दिया जाता है।',
  waitingCount: '{n} भेजे जाने बाकी हैं।',
  nothingWaiting: 'कुछ भी भेजना बाकी नहीं है।',
  directOnly: 'यह ब्राउज़र फ़ॉर्म को डिवाइस पर नहीं रख सकता (शायद प्राइवेट मोड?), इसलिए वे सीधे भेजे जाते हैं और उनके लिए इंटरनेट चाहिए।',
  notPersisted: 'आपके ब्राउज़र ने इस ऐप का डेटा बचाकर रखने का वादा नहीं किया है: साइट डेटा या ब्राउज़िंग हिस्ट्री मिटाने पर जो अभी भेजे नहीं गए, वे खो जाएँगे।',
  empty: 'इस डिवाइस पर कोई फ़ॉर्म नहीं है।',
  waiting: 'इंतज़ार में',
  sending: 'भेजा जा रहा है…',
  sent: 'भेज दिया',
  attention: 'ध्यान दें',
  saved: 'सहेजा {when}',
  sentAt: 'भेजा {when}',
  tried: '{n} बार कोशिश हुई · अगली कोशिश {when}',
  retryNow: 'अभी फिर भेजें',
  fixAndResend: 'ठीक करके फिर भेजें',
  discard: 'हटा दें',
  resend: 'फिर भेजें',
  fixLabel: '{label} ठीक करें',
  more: '…और {n} ({pending} अभी भेजे जाने बाकी)।',
  dateLocale: 'hi-IN',
};

export default OUTBOX_HI;
