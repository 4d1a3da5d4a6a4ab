// The end of a classroom session on the student's phone: the certificate itself, its link
// and a QR code of it, as soon as the server or the classroom's relay has the answers (the
// relay gives the same certificate as the upstream, at the upstream's address). A student
// who gave a roll number has no other way to find it: nothing is mailed to them.
import { certificatePagePath } from '../../../contract/quiz/api.ts';
import { QrCode } from '../../components/QrCode.tsx';
import type { SessionWords } from '../../content/session.ts';
import { useCertificatePickup } from './useCertificatePickup.ts';
import { useStoredQuizResult } from './useStoredQuizResult.ts';

export function SessionCertificate({ words }: { words: SessionWords }) {
  const [stored] = useStoredQuizResult();
  useCertificatePickup(stored);
  if (!stored) return null;
  if (!stored.certificateId) {
    return (
      <p className="session-certificate__later" data-testid="session-certificate-later">
        {words.certificateLater}
      </p>
    );
  }
  const href = stored.certificateUrl ?? certificatePagePath(stored.certificateId);
  const absolute = new URL(href, window.location.href).href;
  return (
    <div className="session-certificate" data-testid="session-certificate">
      <h3>{words.certificateTitle}</h3>
      <p>
        <a className="btn btn--primary" href={href} data-testid="session-certificate-link">
          {words.certificateOpen}
        </a>
      </p>
      <p className="session-certificate__url">{absolute}</p>
      <QrCode text={absolute} label={`QR code for ${absolute}`} className="session-certificate__qr" />
      <p>{words.certificateScan}</p>
    </div>
  );
}
