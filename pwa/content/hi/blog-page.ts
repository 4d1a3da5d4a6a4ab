// The blog index in Hindi; the posts stay in English, and the page says so.
import type { BlogPageWords } from '../blog-page.ts';

const BLOG_PAGE_HI: BlogPageWords = {
  title: 'ब्लॉग',
  description: 'छात्रों और नए प्रोफ़ेशनल्स के लिए बातचीत, इमोशनल इंटेलिजेंस, बदलाव के साथ चलने और करियर पर काम के लेख।',
  heading: 'SkillUp ब्लॉग',
  lead: 'आत्मविश्वास से बोलने, साथ मिलकर काम करने और आगे बढ़ने के काम के सुझाव।',
  postsNote: 'हमारे लेख अभी अंग्रेज़ी में हैं।',
  featuredLabel: 'चुनिंदा लेख',
  latestTitle: 'नए लेख',
  readMore: 'पूरा पढ़ें',
  prevSlide: 'पिछली स्लाइड',
  nextSlide: 'अगली स्लाइड',
  slideOf: '{total} में से {n}',
  showSlide: 'स्लाइड {n} दिखाएँ',
};

export default BLOG_PAGE_HI;
