// The certificate's QR code as one SVG path (contract/qr.ts draws it), so it goes into the
// satori tree as vector art.
import QRCode from 'qrcode';
import { qrPath, type QrShape } from '../../contract/qr.ts';

export function qrShape(text: string): QrShape {
  // Level M survives a smudged or folded printout (~15 % damage) and keeps the code small.
  return qrPath(QRCode.create(text, { errorCorrectionLevel: 'M' }).modules);
}
