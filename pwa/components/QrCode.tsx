// A QR code drawn as one SVG path: crisp at any size, so it reads from the back of a hall
// when projected, or scanned off a phone's screen. (The API draws the certificate's the same
// way; the PWA may not import it.)
import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The standard's minimum quiet zone: scanners misread codes that touch other ink. */
const QUIET_ZONE = 4;

function qrPath(text: string): { size: number; d: string } {
  // Level M survives a projector's glare or a dusty screen and keeps the code coarse.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`);
    }
  }
  return { size: n + 2 * QUIET_ZONE, d: parts.join('') };
}

export function QrCode({ text, label, className = 'session-qr' }: { text: string; label: string; className?: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
