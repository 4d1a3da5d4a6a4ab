// Paying by UPI directly: a button that opens any UPI app on a phone, and the same link as a
// QR code for a laptop (scanned with the phone's UPI app).
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { UpiPayee } from '../../../contract/bookings.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { useLeadFormWords } from '../../i18n/useLeadFormWords.ts';

function useQrImage(text: string): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

export function UpiPay({ uri, amount, payee }: { uri: string; amount: string; payee: UpiPayee }) {
  const qr = useQrImage(uri);
  const w = useLeadFormWords().booking;
  return (
    <div className="booking__upi">
      <a className="btn btn--accent" href={uri} data-testid="upi-link">
        {fill(w.payUpi, { amount })}
      </a>
      {/* Whom the money goes to, readable before paying, and the ID to type into an app by hand. */}
      <dl className="booking__payee" data-testid="upi-payee">
        <div>
          <dt>{w.payee}</dt>
          <dd>{payee.name}</dd>
        </div>
        <div>
          <dt>{w.upiId}</dt>
          <dd>{payee.vpa}</dd>
        </div>
      </dl>
      {qr && (
        <figure className="booking__qr">
          <img src={qr} width={180} height={180} alt={fill(w.qrAlt, { amount })} data-testid="upi-qr" />
          <figcaption>{w.qrCaption}</figcaption>
        </figure>
      )}
    </div>
  );
}
