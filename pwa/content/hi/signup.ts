// The personality-test sign-up page in Hindi.
import type { SignupWords } from '../signup.ts';

const SIGNUP_HI: SignupWords = {
  title: 'पर्सनैलिटी टेस्ट के लिए साइन अप',
  description: 'SkillUp का मुफ़्त 30 सवालों वाला पर्सनैलिटी टेस्ट हिंदी, हिंग्लिश या अंग्रेज़ी में दीजिए और अपना सर्टिफ़िकेट ईमेल पर पाइए।',
  heading: 'पर्सनैलिटी चेकर',
  intro: '30 सवालों वाला पर्सनैलिटी टेस्ट देने के लिए साइन अप करें (हिंदी, हिंग्लिश या अंग्रेज़ी में)। आपका सर्टिफ़िकेट ईमेल पर आएगा।',
  collects: 'आपका नाम, फ़ोन नंबर, ईमेल और टेस्ट के जवाब (पासवर्ड सिर्फ़ एकतरफ़ा हैश के रूप में रखा जाता है)',
  start: 'टेस्ट शुरू करें',
};

export default SIGNUP_HI;
