import { expect, test } from '@playwright/test';
import { answerConsent, expectAppInPlace, signInViaApi } from './support/shell-session';

/**
 * A long export reaches the browser a chunk at a time, compressed as the browser asks: the rows
 * come while the server still writes the file, not all at once at its end.
 */
test('the whole spare-parts catalogue downloads compressed and a chunk at a time @desktop-only', async ({
  page,
  baseURL,
}) => {
  await answerConsent(page);
  await signInViaApi(page.request, String(baseURL));
  await page.goto('/spareparts');
  await expectAppInPlace(page);
  const download = await page.evaluate(async () => {
    const started = performance.now();
    const response = await fetch('/api/exports/spareparts?format=csv');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let firstRowsAt: number | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (firstRowsAt === null && text.split('\r\n').length > 10) {
        firstRowsAt = performance.now() - started;
      }
    }
    return {
      status: response.status,
      encoding: response.headers.get('content-encoding'),
      rows: text.split('\r\n').filter(Boolean).length - 1,
      firstRowsAt,
      endedAt: performance.now() - started,
    };
  });
  // Compressed in the encoding the browser itself asked for.
  expect(download.encoding).toMatch(/^(br|gzip)$/);
  expect(download.status).toBe(200);
  // Every part of the demo catalogue, past the 1,000 the catalogue screen counts.
  expect(download.rows).toBe(6000);
  expect(download.firstRowsAt).not.toBeNull();
  // Held back to the end, the whole file would come in one burst: the first rows come well before.
  expect(download.endedAt - download.firstRowsAt!).toBeGreaterThan(download.endedAt / 4);
});
