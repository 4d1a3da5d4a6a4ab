// The join-now page in Hindi.
import type { JoinNowWords } from '../join-now.ts';

const JOIN_NOW_HI: JoinNowWords = {
  title: 'अभी जुड़ें',
  description: 'SkillUp पर अपना मुफ़्त अकाउंट बनाइए, सॉफ्ट स्किल्स की लाइव क्लास में शामिल होइए और अपनी प्रगति देखते रहिए।',
  heading: 'अभी जुड़ें',
  intro: 'मुफ़्त रजिस्टर करें, लाइव क्लास बुक करें और अपना लर्निंग डैशबोर्ड पाएँ।',
  collects: 'आपका नाम, फ़ोन नंबर और ईमेल (पासवर्ड सिर्फ़ एकतरफ़ा हैश के रूप में रखा जाता है)',
  register: 'रजिस्टर करें',
};

export default JOIN_NOW_HI;
