// The contact page in Hindi.
import type { ContactWords } from '../contact.ts';

const CONTACT_HI: ContactWords = {
  title: 'संपर्क करें',
  description: 'कोर्स, कॉलेज प्रोग्राम या कॉर्पोरेट ट्रेनिंग के बारे में नई दिल्ली की SkillUp सॉफ्ट स्किल्स अकादमी को फ़ोन, ईमेल या संदेश भेजें।',
  eyebrow: 'हमसे बात करें',
  heading: 'हमें आपसे बात करके ख़ुशी होगी',
  lead: 'किसी कोर्स, कॉलेज प्रोग्राम या अपनी टीम की ट्रेनिंग के बारे में सवाल है? हमें संदेश भेजें, हम एक कामकाजी दिन के अंदर जवाब देंगे।',
  detailsLabel: 'संपर्क की जानकारी',
  phone: 'फ़ोन',
  email: 'ईमेल',
  address: 'पता',
  addressLines: ['दूसरी मंज़िल, 14 कम्युनिटी सेंटर', 'साकेत, नई दिल्ली 110017', 'भारत'],
};

export default CONTACT_HI;
