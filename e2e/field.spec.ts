import { chromium, expect, test, type Page } from '@playwright/test';
import type { DrumListResponse } from '@portal/contract';
import { answerConsentBeforeLoad } from './support/consent';
import { expectNoHorizontalScroll } from './support/shell-session';
import { labelVideo, qrCodesOnFirstPage } from './support/labels';
import { launchOptions } from './support/browser-and-server';
import { appOrigin, signIn } from './support/session';

const texts = {
  en: {
    drum: 'Drum',
    offline: 'You are offline',
    lastUpdated: 'Last updated',
    length: 'Remaining length',
    save: 'Save the reading',
    waiting: 'Waiting to send',
    scan: 'Scan a drum',
    notFound: 'Drum not found',
    appName: 'Customer portal – Drums and cables',
  },
  fr: {
    drum: 'Touret',
    offline: 'Vous êtes hors ligne',
    lastUpdated: 'Dernière mise à jour',
    length: 'Longueur restante',
    save: 'Enregistrer le relevé',
    waiting: "En attente d'envoi",
    scan: 'Scanner un touret',
    notFound: 'Touret introuvable',
    appName: 'Portail client – Tourets et câbles',
  },
} as const;

/** The manual readings of a drum the server has, of `remainingM`. */
async function manualReadings(page: Page, drumId: string, remainingM: number) {
  const response = await page.request.get(`/api/refill/drums/${drumId}/qgraph`);
  const graph = (await response.json()) as {
    points: Array<{ at: string; remainingM: number; source: string }>;
  };
  return graph.points.filter(
    (point) => point.source === 'manual' && point.remainingM === remainingM,
  );
}

for (const language of ['en', 'fr'] as const) {
  const t = texts[language];
  test(`on site in ${language}: installable, opens offline, keeps a reading until the signal returns, scans a label @phone-only`, async ({
    page,
    context,
  }) => {
    // One journey of two browsers: the fake camera's is launched for it.
    test.setTimeout(90_000);
    await context.addCookies([{ name: 'locale', value: language, url: appOrigin() }]);
    await answerConsentBeforeLoad(page);
    await signIn(page, { firstName: 'Ada', lastName: 'Lovelace' });
    const { drums } = (await (
      await page.request.get('/api/refill/drums')
    ).json()) as DrumListResponse;
    // Both languages run at once on the demo account: each takes drums of its own.
    const [drum, other] = language === 'en' ? drums.slice(0, 2) : drums.slice(2, 4);
    if (!drum || !other) throw new Error('the demo account has no drums');

    // The labels: each QR code is the drum's page on this portal.
    const labels = await page.request.get(
      `/api/documents/drum-labels?sheet=a4-4&drum=${drum.id}&drum=${other.id}`,
    );
    expect(labels.status()).toBe(200);
    const pdf = new Uint8Array(await labels.body());
    expect((await qrCodesOnFirstPage(pdf)).sort()).toEqual(
      [drum, other].map((one) => `${appOrigin()}/drums/${one.publicCode}`).sort(),
    );

    // Installable: the manifest in the page's language, a service worker controlling the page.
    await page.goto(`/drums/${drum.publicCode}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${t.drum} ${drum.serial}`);
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(manifestUrl ?? '')).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: Array<{ sizes: string; type: string }>;
    };
    expect(manifest.name).toBe(t.appName);
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
        timeout: 15_000,
      })
      .toBe('activated');
    // What the first visit loaded is kept: the page and its reads.
    await expect
      .poll(
        () =>
          page.evaluate(async (path) => {
            const page = await caches.match(path, { ignoreVary: true });
            const reads = await caches.match('/api/refill/drums', { ignoreVary: true });
            return Boolean(page && reads);
          }, `/drums/${drum.publicCode}`),
        { timeout: 15_000 },
      )
      .toBe(true);

    // Offline after one visit: the page opens, says so, and dates the data it shows.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${t.drum} ${drum.serial}`);
    await expect(page.getByRole('status').filter({ hasText: t.offline })).toBeVisible();
    await expect(page.getByText(t.lastUpdated)).toBeVisible();

    // A reading taken without signal waits on the device, through a reload.
    const remainingM = Math.max(0, Math.floor(drum.remainingM) - (language === 'en' ? 7 : 11));
    const takenBefore = Date.now();
    await page.getByRole('spinbutton', { name: t.length }).fill(String(remainingM));
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.waiting)).toBeVisible();
    await page.reload();
    await expect(page.getByText(t.waiting)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: `/tmp/shots-field/drum-offline-${language}.png`,
      fullPage: true,
    });
    expect(await manualReadings(page, drum.id, remainingM)).toHaveLength(0);

    // Back online: sent once, dated when it was taken.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText(t.waiting)).toHaveCount(0, { timeout: 15_000 });
    const recorded = await manualReadings(page, drum.id, remainingM);
    expect(recorded).toHaveLength(1);
    const takenAt = new Date(recorded[0]!.at).getTime();
    expect(takenAt).toBeGreaterThanOrEqual(takenBefore - 1000);
    expect(takenAt).toBeLessThan(Date.now() - 500);
    await page.reload();
    expect(await manualReadings(page, drum.id, remainingM)).toHaveLength(1);

    // Another account's code, or none, is not found.
    await page.goto('/drums/0123456789abcdef');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFound);

    // Scanning: the phone's camera films the printed label of `drum`, from `other`'s page.
    const browser = await chromium.launch({
      ...launchOptions,
      args: [
        ...launchOptions.args,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${labelVideo(pdf)}`,
      ],
    });
    try {
      const phone = await browser.newContext({
        storageState: await context.storageState(),
        viewport: { width: 375, height: 740 },
        baseURL: appOrigin(),
        permissions: ['camera'],
      });
      const scanner = await phone.newPage();
      await scanner.goto(`/drums/${other.publicCode}`);
      await scanner.getByRole('button', { name: t.scan }).click();
      await expect(scanner).toHaveURL(new RegExp(`/drums/${drum.publicCode}$`), {
        timeout: 20_000,
      });
      await expect(scanner.getByRole('heading', { level: 1 })).toHaveText(
        `${t.drum} ${drum.serial}`,
      );
    } finally {
      await browser.close();
    }
  });
}
