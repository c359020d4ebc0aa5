// The part of fontkit (pdfkit's font engine) the documents use: it ships no types of its own.
declare module 'fontkit' {
  /** A parsed font file; pdfkit takes one wherever it takes a font's bytes. */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
