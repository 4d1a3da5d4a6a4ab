// The student's five-domain profile after the test, in the test's language, on the home
// page until dismissed. It reads the last result from localStorage, scored on this device
// when the answers were queued offline, and picks up the certificate link once the outbox
// has delivered them. Renders nothing on the server (the home page is prerendered).
import { certificatePagePath } from '../../../contract/quiz/api.ts';
import { QUIZ_DOMAIN_LABELS } from '../../../contract/quiz/items.ts';
import { QUIZ_HTML_LANG, quizTextKey } from '../../../contract/quiz/options.ts';
import { QUIZ_BAND_LABELS, describeScore } from '../../../contract/quiz/scoring.ts';
import { saveQuizResult } from './quiz-storage.ts';
import { useCertificatePickup } from './useCertificatePickup.ts';
import { useStoredQuizResult } from './useStoredQuizResult.ts';
import './quiz.css';

const WORDS = {
  english: {
    title: 'Your personality profile',
    taken: (date: string) => `English test, taken on ${date}`,
    pending:
      "Your answers are saved on this device and will be sent automatically when you're back online. Your certificate will then arrive by email.",
    pendingNoEmail:
      "Your answers are saved on this device and will be sent automatically when you're back online. Your certificate's link will then appear here.",
    emailed: 'Your certificate has been sent to your email.',
    atLink: 'Your certificate is ready: open it from its link below.',
    certificate: 'View your certificate',
    dismiss: 'Dismiss your profile',
    note: 'Each bar shows your position in the possible range. The profile describes your style, not your ability: no score is good or bad.',
  },
  hinglish: {
    title: 'Aapki personality profile',
    taken: (date: string) => `Hinglish test, ${date} ko diya gaya`,
    pending:
      'Aapke jawab is device par save hain aur internet aate hi apne aap bhej diye jaayenge. Uske baad certificate aapke email par aa jaayega.',
    pendingNoEmail:
      'Aapke jawab is device par save hain aur internet aate hi apne aap bhej diye jaayenge. Uske baad certificate ka link yahan aa jaayega.',
    emailed: 'Aapka certificate aapke email par bhej diya gaya hai.',
    atLink: 'Aapka certificate taiyaar hai: neeche diye link se kholiye.',
    certificate: 'Apna certificate dekhiye',
    dismiss: 'Profile band kijiye',
    note: 'Har bar dikhata hai ki aap possible range mein kahan hain. Yeh profile aapka style batati hai, aapki kaabiliyat nahi: koi bhi score achha ya bura nahi hota.',
  },
  hindi: {
    title: 'आपकी पर्सनैलिटी प्रोफ़ाइल',
    taken: (date: string) => `हिंदी टेस्ट, ${date} को दिया गया`,
    pending: 'आपके जवाब इस डिवाइस पर सहेजे गए हैं और इंटरनेट आते ही अपने-आप भेज दिए जाएँगे। उसके बाद प्रमाणपत्र आपके ईमेल पर आ जाएगा।',
    pendingNoEmail: 'आपके जवाब इस डिवाइस पर सहेजे गए हैं और इंटरनेट आते ही अपने-आप भेज दिए जाएँगे। उसके बाद प्रमाणपत्र का लिंक यहाँ आ जाएगा।',
    emailed: 'आपका प्रमाणपत्र आपके ईमेल पर भेज दिया गया है।',
    atLink: 'आपका प्रमाणपत्र तैयार है: नीचे दिए लिंक से खोलिए।',
    certificate: 'अपना प्रमाणपत्र देखिए',
    dismiss: 'प्रोफ़ाइल बंद कीजिए',
    note: 'हर पट्टी दिखाती है कि संभावित दायरे में आप कहाँ हैं। यह प्रोफ़ाइल आपका स्वभाव बताती है, आपकी क़ाबिलियत नहीं: कोई भी स्कोर अच्छा या बुरा नहीं होता।',
  },
} as const;

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

export function ProfilePanel({ className = '' }: { className?: string }) {
  const [stored, setStored] = useStoredQuizResult();
  useCertificatePickup(stored);

  if (!stored || stored.dismissed) return null;
  const words = WORDS[stored.language];
  const key = quizTextKey(stored.language);
  const dismiss = () => {
    saveQuizResult({ ...stored, dismissed: true });
    setStored(null);
  };

  return (
    <section className={`container ${className}`.trim()} aria-labelledby="profile-title" data-testid="profile-panel">
      <div className="card profile" lang={QUIZ_HTML_LANG[stored.language]}>
        <div className="profile__head">
          <div>
            <h2 id="profile-title">{words.title}</h2>
            <p className="profile__note">
              {stored.name} · {words.taken(DATE.format(new Date(stored.submittedAt)))}
            </p>
          </div>
          <button type="button" className="profile__close" aria-label={words.dismiss} onClick={dismiss}>
            ×
          </button>
        </div>
        <p className="profile__note" data-testid="profile-status">
          {stored.emailed === false
            ? stored.pending
              ? words.pendingNoEmail
              : words.atLink
            : stored.pending
              ? words.pending
              : words.emailed}
        </p>
        <ul className="profile__domains">
          {stored.result.domains.map((score) => {
            const { title, text } = describeScore(score, stored.language);
            return (
              <li key={score.domain} className="profile__domain" data-domain={score.domain}>
                <div className="profile__line">
                  <h3>{QUIZ_DOMAIN_LABELS[score.domain][key]}</h3>
                  <span>
                    <span className="profile__band">{QUIZ_BAND_LABELS[score.band][key]}</span> · {title} · <strong>{score.percent}%</strong>
                  </span>
                </div>
                <div className="profile__bar" role="img" aria-label={`${QUIZ_DOMAIN_LABELS[score.domain][key]}: ${score.percent}%`}>
                  <span style={{ width: `${Math.max(0, Math.min(100, score.percent))}%` }} />
                </div>
                <p>{text}</p>
              </li>
            );
          })}
        </ul>
        <p className="profile__note" style={{ marginTop: 14 }}>
          {words.note}
        </p>
        {stored.certificateId && (
          <div className="profile__actions">
            <a className="btn btn--primary" href={certificatePagePath(stored.certificateId)}>
              {words.certificate}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
