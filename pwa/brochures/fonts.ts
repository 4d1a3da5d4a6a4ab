// The brochures' faces: the certificate's Noto Sans files (Latin, Latin-extended, Devanagari),
// read from the repository at build time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrochureFonts } from './render-brochure.ts';

export function brochureFonts(repoRoot: string): BrochureFonts {
  const face = (name: string) => readFileSync(path.join(repoRoot, 'api/certificate/fonts', `noto-sans-${name}-normal.woff`));
  return {
    regular: [face('latin-400'), face('latin-ext-400'), face('devanagari-devanagari-400')],
    bold: [face('latin-700'), face('latin-ext-700'), face('devanagari-devanagari-700')],
  };
}
