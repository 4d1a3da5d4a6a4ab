// Paying by UPI directly: a button that opens any UPI app on a phone, and the same link as a
// QR code for a laptop (scanned with the phone's UPI app).
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { UpiPayee } from '../../../contract/bookings.ts';

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
  return (
    <div className="booking__upi">
      <a className="btn btn--accent" href={uri} data-testid="upi-link">
        Pay {amount} with a UPI app
      </a>
      {/* Whom the money goes to, readable before paying, and the ID to type into an app by hand. */}
      <dl className="booking__payee" data-testid="upi-payee">
        <div>
          <dt>Payee</dt>
          <dd>{payee.name}</dd>
        </div>
        <div>
          <dt>UPI ID</dt>
          <dd>{payee.vpa}</dd>
        </div>
      </dl>
      {qr && (
        <figure className="booking__qr">
          <img src={qr} width={180} height={180} alt={`QR code to pay ${amount} by UPI`} data-testid="upi-qr" />
          <figcaption>On a laptop? Scan this with your phone’s UPI app.</figcaption>
        </figure>
      )}
    </div>
  );
}
