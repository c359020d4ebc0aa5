import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import type { DrumListResponse, DrumSummary } from '@portal/contract';
import { answerConsentBeforeLoad } from './support/consent';
import { workingDaysAhead } from './support/dates';
import { drumMakings, invitationPath } from './support/onboarding';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/shell-session';
import { labelVideo, qrCodesOnFirstPage } from './support/labels';
import { launchOptions } from './support/browser-and-server';
import { appOrigin, latestSignInLink, signIn, signUpForLink, uniqueEmail } from './support/session';

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

const journeyTexts = {
  en: {
    join: 'Join the portal',
    email: 'E-mail address',
    company: 'Company',
    signUp: 'Sign up',
    thanks: 'Thank you!',
    refusedRange: "Refused: The length must be between 0 and the drum's initial length",
    refusedCollected:
      'Refused: This drum has already been collected: it is no longer on your account.',
    fix: 'Fix',
    discard: 'Discard',
    confirmDiscard: 'Yes: Discard',
    printLabel: 'Print its label (PDF)',
  },
  fr: {
    join: 'Rejoindre le portail',
    email: 'Adresse e-mail',
    company: 'Entreprise',
    signUp: "S'inscrire",
    thanks: 'Merci !',
    refusedRange:
      'Refusé : La longueur doit être comprise entre 0 et la longueur initiale du touret',
    refusedCollected:
      'Refusé : Ce touret a déjà été enlevé : il ne fait plus partie de votre parc.',
    fix: 'Corriger',
    discard: 'Abandonner',
    confirmDiscard: 'Oui : Abandonner',
    printLabel: 'Imprimer son étiquette (PDF)',
  },
} as const;

/** A signed-in request context of its own (a new user of the demo account, or `role`'s). */
async function apiSession(browser: Browser, role?: 'manager') {
  const context = await browser.newContext({ baseURL: appOrigin() });
  const email = uniqueEmail(role ?? 'reader');
  const link = await signUpForLink(context.request, email);
  if (role) {
    const changed = await context.request.put('/api/dev/users/role', {
      data: { email, role, siteIds: null },
      headers: { origin: appOrigin() },
    });
    expect(changed.status()).toBe(204);
  }
  const redeemed = await context.request.post('/api/users/signin', {
    data: { hash: link.split('/signin/')[1] },
    headers: { origin: appOrigin() },
  });
  expect(redeemed.status()).toBe(200);
  return context;
}

for (const language of ['en', 'fr'] as const) {
  const t = { ...texts[language], ...journeyTexts[language] };

  test(`a label opened signed out in ${language} lands on its drum once a new person has signed up with the mailed link @phone-only`, async ({
    page,
    browser,
  }) => {
    const reader = await apiSession(browser);
    const { drums } = (await (
      await reader.request.get('/api/refill/drums')
    ).json()) as DrumListResponse;
    await reader.close();
    const drum = drums[language === 'en' ? 4 : 5];
    if (!drum) throw new Error('the demo account has too few drums');

    await page.context().addCookies([{ name: 'locale', value: language, url: appOrigin() }]);
    await answerConsentBeforeLoad(page);
    await page.goto(`/drums/${drum.publicCode}`);
    await expect(page).toHaveURL(/\/auth$/);

    // A person new to the portal signs up on the page the label sent them to.
    const email = uniqueEmail(`label-${language}`);
    const join = page.getByRole('button', { name: t.join });
    const emailField = page.getByLabel(t.email);
    // A phone shows the slides first, and the form behind "Join the portal"; a wider screen both.
    await expect(join.or(emailField).first()).toBeVisible();
    if (await join.isVisible()) await join.click();
    await emailField.fill(email);
    await page.getByLabel(t.company).fill('Site Cables');
    await page.getByRole('button', { name: t.signUp }).click();
    await expect(page.getByRole('heading', { name: t.thanks })).toBeVisible();

    // The mail's link opens in a tab of its own, where the first tab's state is not.
    const link = await latestSignInLink(page.request, email);
    const mailTab = await page.context().newPage();
    await mailTab.goto(new URL(link).pathname);
    await mailTab.getByTestId('sign-in-submit').click();
    await expect(mailTab).toHaveURL(new RegExp(`/drums/${drum.publicCode}$`));
    // Named (the first sign-in's question answered), the drum's page is what they stand on.
    const named = await mailTab.request.patch('/api/users/me', {
      data: { firstName: 'Site', lastName: 'Worker' },
      headers: { origin: appOrigin() },
    });
    expect(named.status()).toBe(200);
    await mailTab.reload();
    await expect(mailTab).toHaveURL(new RegExp(`/drums/${drum.publicCode}$`));
    await expect(mailTab.getByRole('heading', { level: 1 })).toHaveText(`${t.drum} ${drum.serial}`);
    // The kept page is spent: the root now leads home.
    await mailTab.goto('/');
    await expect(mailTab).toHaveURL(/\/refill$/);
  });

  test(`readings refused in ${language} say why: one out of range is fixed and sent, one of a drum collected meanwhile is discarded @phone-only`, async ({
    page,
    context,
    browser,
  }) => {
    // Two people and a trip offline: longer than a one-page test.
    test.setTimeout(150_000);
    const origin = { origin: appOrigin() };
    // An account of its own, so no other test sees its drums change or leave.
    const staff = await apiSession(browser, 'manager');
    const created = await staff.request.post('/api/backoffice/accounts', {
      data: { name: `Field ${language} ${uniqueEmail('account')}`, verifiedDomains: [] },
      headers: origin,
    });
    expect(created.status()).toBe(201);
    const { id: accountId } = (await created.json()) as { id: string };
    const site = await staff.request.post(`/api/backoffice/accounts/${accountId}/sites`, {
      data: { name: 'Quai', city: 'Lyon', address: '1 quai du Rhône' },
      headers: origin,
    });
    expect(site.status()).toBe(201);
    const { id: siteId } = (await site.json()) as { id: string };
    const { drumType, cable } = await drumMakings(staff.request);
    const drumBody = (serial: string, initialLength: number) => ({
      serial,
      drumType,
      cableReference: cable,
      initialLength,
      siteId,
      deliveredOn: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
    });
    const drumIds: string[] = [];
    for (const serial of ['FA-1', 'FA-2']) {
      const drum = await staff.request.post(`/api/backoffice/accounts/${accountId}/drums`, {
        data: drumBody(`${serial}-${language}`, 1000),
        headers: origin,
      });
      expect(drum.status()).toBe(201);
      drumIds.push(((await drum.json()) as { id: string }).id);
    }
    const admin = uniqueEmail(`field-admin-${language}`);
    const invited = await staff.request.post(`/api/backoffice/accounts/${accountId}/invitations`, {
      data: { email: admin, role: 'admin', locale: language },
      headers: origin,
    });
    expect(invited.status()).toBe(201);
    const token = (await invitationPath(page.request, admin)).split('/').pop();
    await context.addCookies([{ name: 'locale', value: language, url: appOrigin() }]);
    await answerConsentBeforeLoad(page);
    const accepted = await page.request.post('/api/invitations/accept', {
      data: { token },
      headers: origin,
    });
    expect(accepted.status()).toBe(200);
    const named = await page.request.patch('/api/users/me', {
      data: { firstName: 'Field', lastName: 'Admin' },
      headers: origin,
    });
    expect(named.status()).toBe(200);
    const { drums } = (await (
      await page.request.get('/api/refill/drums')
    ).json()) as DrumListResponse;
    const ranged = drums.find((drum) => drum.id === drumIds[0]);
    const collected = drums.find((drum) => drum.id === drumIds[1]);
    if (!ranged || !collected) throw new Error('the new drums are not the admin’s');

    // Both pages visited once, then the signal goes. The first visit of this browser fetches
    // the app's code and texts while the worker starts.
    await page.goto(`/drums/${ranged.publicCode}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${t.drum} ${ranged.serial}`, {
      timeout: 20_000,
    });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), {
        timeout: 15_000,
      })
      .toBe('activated');
    // Its admin prints its label from its page: the QR code is the page's address.
    const labelLink = await page.getByRole('link', { name: t.printLabel }).getAttribute('href');
    const label = await page.request.get(labelLink ?? '');
    expect(label.status()).toBe(200);
    expect(await qrCodesOnFirstPage(new Uint8Array(await label.body()))).toEqual([
      `${appOrigin()}/drums/${ranged.publicCode}`,
    ]);
    await page.goto(`/drums/${collected.publicCode}`);
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            Boolean(await caches.match('/api/refill/drums', { ignoreVary: true })),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    const takeReading = async (drum: DrumSummary, remainingM: number) => {
      await page.goto(`/drums/${drum.publicCode}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${t.drum} ${drum.serial}`);
      await page.getByRole('spinbutton', { name: t.length }).fill(String(remainingM));
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.waiting)).toBeVisible();
    };
    const takenBefore = Date.now();
    await takeReading(ranged, 800);
    await takeReading(collected, 300);
    const takenAfter = Date.now();

    // Meanwhile: the first drum's length is corrected to 500 m, the second is released and
    // collected.
    const corrected = await staff.request.put(
      `/api/backoffice/accounts/${accountId}/drums/${ranged.id}`,
      { data: drumBody(ranged.serial, 500), headers: origin },
    );
    expect(corrected.status()).toBe(200);
    const released = await page.request.post('/api/refill/collections', {
      data: {
        drumId: collected.id,
        pickupAddress: '1 quai du Rhône\n69000 Lyon',
        timeSlots: [{ date: workingDaysAhead(3), period: 'morning' }],
        loadingMeans: 'forklift',
        comment: '',
      },
      headers: origin,
    });
    expect(released.status(), await released.text()).toBe(201);
    const { id: collectionId } = (await released.json()) as { id: string };
    for (const data of [
      { action: 'schedule', pickupDate: workingDaysAhead(3) },
      { action: 'collect' },
    ]) {
      const moved = await staff.request.post(`/api/backoffice/items/${collectionId}/transition`, {
        data,
        headers: origin,
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await staff.close();

    // Back online: both are refused, each with its reason.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText(t.refusedCollected)).toBeVisible({ timeout: 15_000 });
    // The collected drum has left the account; its label's page still shows the reading, to
    // discard only.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFound);
    const stranded = page.getByRole('listitem').filter({ hasText: t.refusedCollected });
    await expect(stranded).toBeVisible();
    await expect(stranded.getByRole('button', { name: t.fix })).toHaveCount(0);
    await stranded.getByRole('button', { name: t.discard }).click();
    await stranded.getByRole('button', { name: t.confirmDiscard }).click();
    await expect(page.getByText(t.refusedCollected)).toHaveCount(0);

    // The out-of-range reading, on its drum's page at 320 px: the reason, nothing wider than
    // the screen, no accessibility violation.
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`/drums/${ranged.publicCode}`);
    const refused = page.getByRole('listitem').filter({ hasText: t.refusedRange });
    await expect(refused).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `/tmp/shots-field/drum-refused-${language}.png`,
      fullPage: true,
    });
    expect(await manualReadings(page, ranged.id, 800)).toHaveLength(0);

    // Fixed: the value goes back into the field, corrected, and is sent once, dated when taken.
    await refused.getByRole('button', { name: t.fix }).click();
    const field = page.getByRole('spinbutton', { name: t.length });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('800');
    await field.fill('450');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.waiting)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(t.refusedRange)).toHaveCount(0);
    const recorded = await manualReadings(page, ranged.id, 450);
    expect(recorded).toHaveLength(1);
    const takenAt = new Date(recorded[0]!.at).getTime();
    expect(takenAt).toBeGreaterThanOrEqual(takenBefore - 1000);
    expect(takenAt).toBeLessThanOrEqual(takenAfter + 1000);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${t.drum} ${ranged.serial}`);
    expect(await manualReadings(page, ranged.id, 450)).toHaveLength(1);
  });
}
