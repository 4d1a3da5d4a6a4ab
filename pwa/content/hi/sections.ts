// The course and programme pages' shared sections in Hindi.
import type { SectionWords } from '../sections.ts';

const SECTIONS_HI: SectionWords = {
  jobAssistance: 'नौकरी में मदद',
  startDate: 'शुरुआत की तारीख़',
  duration: 'अवधि',
  mode: 'पढ़ाई का तरीक़ा',
  language: 'भाषा',
  startsAt: 'शुरुआती फ़ीस',
  buyNow: 'अभी ख़रीदें',
  downloadPdf: 'PDF डाउनलोड करें',
  brochureOf: ' ब्रोशर: {title}',
  zoomCertificate: 'नमूना सर्टिफ़िकेट बड़ा करके देखें',
  sampleCertificate: 'नमूना सर्टिफ़िकेट',
  closeCertificate: 'सर्टिफ़िकेट बंद करें',
  pricingTitle: 'पैकेज और फ़ीस',
  mostPopular: 'सबसे लोकप्रिय',
  trustedBy: 'इन संस्थाओं की टीमें हम पर भरोसा करती हैं',
  whyItMatters: 'यह क्यों ज़रूरी है',
  benefits: 'फ़ायदे',
  proposalTitle: 'प्रस्ताव मँगवाएँ',
  proposalText: 'क्या आप अपनी संस्था में “{programme}” चलाना चाहते हैं? अपने ग्रुप के बारे में बताइए, हम तारीख़ों और फ़ीस के साथ एक प्रस्ताव भेज देंगे।',
  proposalButton: 'प्रस्ताव मँगवाएँ',
};

export default SECTIONS_HI;
