import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PDF as poppler reads it: its text (layout kept), its fonts, and its pages drawn to PNG in
 * `PDF_PREVIEW_DIR` when set (to look at them), else in a temporary folder.
 */
export function readPdf(bytes: Uint8Array, name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  // eslint-disable-next-line no-restricted-properties -- a test's own knob, to keep the pictures
  const previews = process.env.PDF_PREVIEW_DIR ?? dir;
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(previews, name)]);
  const pages = readdirSync(previews).filter(
    (entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png'),
  );
  return { text, fonts, pages };
}
