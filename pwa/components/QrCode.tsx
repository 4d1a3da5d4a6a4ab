// A QR code drawn as one SVG path (contract/qr.ts, which the API's certificate uses too):
// crisp at any size, so it reads from the back of a hall when projected, or scanned off a
// phone's screen.
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { qrPath } from '../../contract/qr.ts';

export function QrCode({ text, label, className = 'session-qr' }: { text: string; label: string; className?: string }) {
  // Level M survives a projector's glare or a dusty screen and keeps the code coarse.
  const { size, d } = useMemo(() => qrPath(QRCode.create(text, { errorCorrectionLevel: 'M' }).modules), [text]);
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
