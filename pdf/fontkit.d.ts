// The little of fontkit (pdfkit's own font engine) that script-text.ts reads: which code
// points a face has a glyph for, from a file or from its bytes.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(path: string): Font;
  export function create(buffer: Buffer): Font;
}
