// The little of fontkit (pdfkit's own font engine) that api/lib/pdf-text.ts reads: which
// code points a face has a glyph for.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(path: string): Font;
}
