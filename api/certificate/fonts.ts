// The certificate's fonts, read from disk once, on the first render, and then shared:
// satori caches its parsed fonts by the identity of this array, so handing it the same
// array every time saves re-parsing ~300 KB of font data per certificate.
//
// Files are .woff copied from @fontsource (satori cannot read .woff2), under the SIL Open
// Font License (OFL-*.txt beside them). Noto Sans covers Latin names and all the fixed
// text; its latin-ext subset covers names such as "Śrīkānt"; Noto Sans Devanagari covers
// names written in Hindi, Marathi and other Devanagari scripts. Satori falls back from
// font to font per character, so a mixed name renders too.
import { readFile } from 'node:fs/promises';
import type { Font } from 'satori';

export const FONT_FAMILY = 'Noto Sans';

interface FontFile {
  file: string;
  name: string;
  weight: 400 | 700;
  style: 'normal' | 'italic';
}

export const CERTIFICATE_FONT_FILES: readonly FontFile[] = [
  { file: 'noto-sans-latin-400-normal.woff', name: FONT_FAMILY, weight: 400, style: 'normal' },
  { file: 'noto-sans-latin-700-normal.woff', name: FONT_FAMILY, weight: 700, style: 'normal' },
  { file: 'noto-sans-latin-400-italic.woff', name: FONT_FAMILY, weight: 400, style: 'italic' },
  { file: 'noto-sans-latin-ext-700-normal.woff', name: FONT_FAMILY, weight: 700, style: 'normal' },
  { file: 'noto-sans-devanagari-devanagari-400-normal.woff', name: 'Noto Sans Devanagari', weight: 400, style: 'normal' },
  { file: 'noto-sans-devanagari-devanagari-700-normal.woff', name: 'Noto Sans Devanagari', weight: 700, style: 'normal' },
];

// Beside this module: in the source tree, and in dist/ where scripts/copy-server-assets.mjs
// puts them after tsc (which copies no data files).
const FONT_DIR = new URL('./fonts/', import.meta.url);

export async function loadFonts(files: readonly FontFile[]): Promise<Font[]> {
  return Promise.all(
    files.map(async ({ file, name, weight, style }) => ({
      name,
      weight,
      style,
      data: await readFile(new URL(file, FONT_DIR)),
    })),
  );
}

let shared: Promise<Font[]> | undefined;

/** All certificate fonts, loaded on first use. A failed load is retried on the next call. */
export function certificateFonts(): Promise<Font[]> {
  shared ??= loadFonts(CERTIFICATE_FONT_FILES).catch((err: unknown) => {
    shared = undefined;
    throw err;
  });
  return shared;
}
