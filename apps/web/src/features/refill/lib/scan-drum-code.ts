import { linkedPages } from '@portal/contract';

const codePattern = new RegExp(`^${linkedPages.drum.replace(':code', '([0-9a-f]{16})')}$`);

/**
 * The drum code a scanned label carries: the address of a drum's page on this portal. Anything
 * else (another site's code, a code of some other thing) is null.
 */
export function drumCodeOf(text: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return codePattern.exec(url.pathname)?.[1] ?? null;
}

type Decode = (video: HTMLVideoElement) => Promise<string[]>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
declare const BarcodeDetector:
  | ({ new (options: { formats: string[] }): BarcodeDetectorLike } & {
      getSupportedFormats(): Promise<string[]>;
    })
  | undefined;

/**
 * The browser's own QR reader where it has one (BarcodeDetector: Android, ChromeOS, macOS),
 * else zxing-wasm, loaded only now, its wasm file served by the portal itself.
 */
async function chooseDecoder(): Promise<Decode> {
  if (typeof BarcodeDetector !== 'undefined') {
    const formats: string[] = await BarcodeDetector.getSupportedFormats().catch(() => []);
    if (formats.includes('qr_code')) {
      const detector = new BarcodeDetector({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
    }
  }
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return [];
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true });
    return results.filter((result) => result.isValid).map((result) => result.text);
  };
}

/**
 * Shows the back camera in `video` and reads it until a code is found (resolves to its text)
 * or `signal` aborts. Fails when there is no camera or the person refuses it.
 */
export async function scanCode(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  try {
    video.srcObject = stream;
    await video.play();
    const decode = await chooseDecoder();
    while (!signal.aborted) {
      const [text] = await decode(video);
      if (text) return text;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw signal.reason;
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
