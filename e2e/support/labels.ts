import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
});

/** A label sheet's first page, drawn by poppler at 100 dpi in grey: the PGM file's path. */
function firstPageInGrey(pdf: Uint8Array, crop?: { width: number; height: number }): string {
  const dir = mkdtempSync(join(tmpdir(), 'field-labels-'));
  writeFileSync(join(dir, 'labels.pdf'), pdf);
  const size = crop
    ? ['-x', '0', '-y', '0', '-W', String(crop.width), '-H', String(crop.height)]
    : [];
  execFileSync('pdftoppm', [
    '-gray',
    '-r',
    '100',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    ...size,
    join(dir, 'labels.pdf'),
    join(dir, 'page'),
  ]);
  return join(dir, 'page.pgm');
}

/** A binary PGM's size and pixels. */
function readPgm(file: string): { width: number; height: number; pixels: Uint8Array } {
  const bytes = readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error(`${file} is no 8-bit binary PGM`);
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: bytes.subarray(header[0].length) };
}

/** The QR codes on a label sheet's first page, read by the scanner's fallback decoder. */
export async function qrCodesOnFirstPage(pdf: Uint8Array): Promise<string[]> {
  const { width, height, pixels } = readPgm(firstPageInGrey(pdf));
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < width * height; index += 1) {
    const grey = pixels[index] ?? 255;
    rgba.set([grey, grey, grey, 255], index * 4);
  }
  const results = await readBarcodes(
    { data: rgba, width, height, colorSpace: 'srgb' } as ImageData,
    { formats: ['QRCode'], maxNumberOfSymbols: 32 },
  );
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/**
 * A video of the sheet's first label, as Chromium's fake camera plays it: a Y4M file of a few
 * identical 640 × 480 frames, the label's grey as luma, no colour.
 */
export function labelVideo(pdf: Uint8Array): string {
  const width = 640;
  const height = 480;
  const { pixels } = readPgm(firstPageInGrey(pdf, { width, height }));
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), pixels.subarray(0, width * height), chroma]);
  const file = join(mkdtempSync(join(tmpdir(), 'field-video-')), 'label.y4m');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: 10 }, () => frame),
    ]),
  );
  return file;
}
