// A QR code as one SVG path, so it goes into the satori tree as vector art: no canvas, no
// raster image, crisp at any print size.
import QRCode from 'qrcode';

export interface QrShape {
  /** Modules per side, including the quiet zone. */
  size: number;
  /** Path of the dark modules in module units. */
  d: string;
}

/** The standard's minimum quiet zone; phone scanners misread codes that touch other ink. */
const QUIET_ZONE = 4;

export function qrShape(text: string): QrShape {
  // Level M survives a smudged or folded printout (~15 % damage) and keeps the code small.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    // One rectangle per horizontal run of dark modules: fewer path commands and no
    // hairline seams between neighbouring squares.
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
