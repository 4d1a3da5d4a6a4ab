// A QR code as one SVG path, drawn the same way by the API (the certificate, through satori)
// and the PWA (a session's code on the projector, a taker's certificate link): vector art, so
// no canvas and no raster image, crisp at any print or projected size. The caller encodes the
// text with the qrcode package and passes its module matrix: contract depends on nothing but
// yup, and the drawing needs nothing of the encoder but the matrix.

/** The encoder's matrix, as qrcode's `create(…).modules` has it. */
export interface QrModules {
  size: number;
  get(row: number, col: number): number | boolean;
}

export interface QrShape {
  /** Modules per side, including the quiet zone. */
  size: number;
  /** Path of the dark modules in module units. */
  d: string;
}

/** The standard's minimum quiet zone; phone scanners misread codes that touch other ink. */
const QUIET_ZONE = 4;

export function qrPath(modules: QrModules): QrShape {
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
