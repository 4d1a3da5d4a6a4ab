// The webinars page and its registration form in Hindi.
import type { WebinarsWords } from '../webinars.ts';

const WEBINARS_HI: WebinarsWords = {
  title: 'मुफ़्त वेबिनार',
  description: 'बातचीत, इंटरव्यू और आत्मविश्वास पर मुफ़्त लाइव वेबिनार: रजिस्टर करें और जुड़ने का लिंक ईमेल पर पाएँ।',
  eyebrow: 'मुफ़्त वेबिनार',
  heading: 'हमारे ट्रेनरों से लाइव सीखिए',
  lead: 'किसी वेबिनार के लिए रजिस्टर करें: हम जुड़ने का लिंक आपके ईमेल पर भेजेंगे और शुरू होने से एक घंटा पहले याद भी दिलाएँगे।',
  whenAfter: 'IST · ऑनलाइन, मुफ़्त',
  dateLocale: 'hi-IN',
  register: 'रजिस्टर करें',
  registerFor: '{title} के लिए रजिस्टर करें',
  registering: 'रजिस्टर हो रहा है...',
  collects: 'आपका नाम, ईमेल और फ़ोन नंबर',
  loading: 'वेबिनार की सूची खुल रही है…',
  tryAgain: 'फिर से कोशिश करें',
  kept: 'आप ऑफ़लाइन हैं: यह आपकी पिछली विज़िट की सूची है। रजिस्ट्रेशन इस डिवाइस पर सहेजा जाएगा और इंटरनेट लौटते ही भेज दिया जाएगा।',
  listLabel: 'आने वाले वेबिनार',
};

export default WEBINARS_HI;
