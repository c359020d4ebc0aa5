import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared = false;

/**
 * The QR codes of each page of a PDF, read by the decoder the web app's scanner falls back on
 * (zxing-wasm, its wasm read from the package, never fetched): the pages drawn at 150 dpi by
 * poppler, as a printer would.
 */
export async function qrCodesOfPdf(bytes: Uint8Array): Promise<string[][]> {
  if (!prepared) {
    prepareZXingModule({
      overrides: {
        wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')),
      },
    });
    prepared = true;
  }
  const dir = mkdtempSync(join(tmpdir(), 'labels-'));
  const file = join(dir, 'labels.pdf');
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '150', file, join(dir, 'page')]);
  const pages = readdirSync(dir)
    .filter((entry) => entry.endsWith('.png'))
    .sort();
  const codes: string[][] = [];
  for (const page of pages) {
    const results = await readBarcodes(readFileSync(join(dir, page)), {
      formats: ['QRCode'],
      maxNumberOfSymbols: 32,
    });
    codes.push(results.filter((result) => result.isValid).map((result) => result.text));
  }
  return codes;
}
