import { expect, test, type Page } from '@playwright/test';
import { answerConsentBeforeLoad } from './support/consent';
import { signIn } from './support/session';
import { expectNoAxeViolations } from './support/shell-session';

// The calculator against the real server: its catalogue comes from the catalog-v1 seed step
// (DEMO_DATA is on in the e2e server's dev environment).

function resultValue(page: Page, label: RegExp) {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

async function useLanguage(page: Page, baseURL: string | undefined, lng: 'fr' | 'en') {
  await page.context().addCookies([{ name: 'locale', value: lng, url: baseURL ?? '' }]);
}

test('the three calculator modes give the worked examples, survive a reload and pass axe', async ({
  page,
  baseURL,
}) => {
  // One sign-in for the three modes: the server allows 10 sign-ups per IP per minute.
  // Four modes' worth of typing and four axe runs in one test (one sign-up, see below).
  test.setTimeout(120_000);
  await answerConsentBeforeLoad(page);
  await useLanguage(page, baseURL, 'fr');
  await signIn(page, { firstName: 'Ada', lastName: 'Lovelace' });

  await test.step('capacity: A 1000, B 500, T 500, d 20, f 50 → 549.8 m, 439.8 m at 0.8', async () => {
    await page.goto('/refill/calculator');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Calculateur de tourets' }),
    ).toBeVisible();
    await page.getByRole('spinbutton', { name: /Diamètre des joues A/ }).fill('1000');
    await page.getByRole('spinbutton', { name: /Diamètre du fût B/ }).fill('500');
    await page.getByRole('spinbutton', { name: /Largeur intérieure T/ }).fill('500');
    await page.getByRole('spinbutton', { name: /Diamètre extérieur du câble d/ }).fill('20');
    await expect(resultValue(page, /^Longueur pratique/)).toContainText(/^439,8\s?m/);
    await expect(resultValue(page, /^Longueur théorique/)).toContainText(/^549,8\s?m/);
    await expect(resultValue(page, /^Hauteur d’enroulement H/)).toContainText(/^200\s?mm/);
    await expect(page.getByRole('status').filter({ hasText: 'Capacité' })).toHaveText(
      /Capacité\s:\s439,8\s?m en pratique, 549,8\s?m en théorie\./,
    );
    await expectNoAxeViolations(page);

    // The inputs are in the URL: a reload (or a shared link) gives the same calculation.
    await page.reload();
    await expect(resultValue(page, /^Longueur pratique/)).toContainText(/^439,8\s?m/);
    await expect(page.getByRole('spinbutton', { name: /Diamètre des joues A/ })).toHaveValue(
      '1000',
    );
  });

  await test.step('remaining length: h 150 → H′ 100 mm, 188.5 m at 0.8', async () => {
    await page.getByRole('tab', { name: 'Longueur restante' }).click();
    await page.getByRole('spinbutton', { name: /Hauteur de joue libre h/ }).fill('150');
    await expect(resultValue(page, /^Hauteur enroulée H′/)).toContainText(/^100\s?mm/);
    await expect(resultValue(page, /^Longueur restante \(×/)).toContainText(/^188,5\s?m/);
    await page.getByRole('spinbutton', { name: /Hauteur de joue libre h/ }).fill('300');
    await expect(
      page.getByText('h doit être compris entre 0 et la hauteur de joue (A − B) / 2.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('drum for a length: 500 m of U-1000 R2V 4G35 → T12, smaller drums rejected', async () => {
    await page.getByRole('tab', { name: 'Touret pour une longueur' }).click();
    await page.getByRole('spinbutton', { name: /Longueur de câble/ }).fill('500');
    await page.getByRole('combobox', { name: /Référence de câble/ }).click();
    await page.getByRole('combobox', { name: 'Rechercher...' }).fill('4G35');
    await page.getByRole('option', { name: /U1000R2V-4G35/ }).click();
    await expect(
      page.getByRole('spinbutton', { name: /Diamètre extérieur du câble d/ }),
      // Written the French way, as the results are.
    ).toHaveValue('26,5');
    await expect(page.getByText('Touret T12', { exact: true })).toBeVisible();
    const rejected = page.getByRole('list').filter({ hasText: 'T08' });
    await expect(rejected.getByRole('listitem')).toHaveCount(3);
    await expect(rejected.getByRole('listitem').first()).toContainText('contient 132,9');
    await expectNoAxeViolations(page);
  });

  await test.step('imperial units, then English', async () => {
    // The choice goes through the URL, so the radio is checked a moment after the click.
    const imperial = page.getByRole('radio', { name: 'Impérial (po, pi)' });
    await imperial.click();
    await expect(imperial).toBeChecked();
    await expect(page.getByRole('spinbutton', { name: /Longueur de câble/ })).toHaveValue('1640,4');
    await expect(page.getByText('Touret T12', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Capacité du touret' }).click();
    // The drum of step 1 with the picked cable (d 26.5 mm): H 200 mm,
    // L = π·200·700·500/(1000·26.5²) ≈ 313.2 m, × 0.8 ≈ 250.5 m ≈ 821.9 ft.
    await expect(page.getByRole('spinbutton', { name: /Diamètre des joues A/ })).toHaveValue(
      '39,37',
    );
    await expect(resultValue(page, /^Longueur pratique/)).toContainText(/^82[12],\d\s?pi/);

    await useLanguage(page, baseURL, 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Drum calculator' })).toBeVisible();
    await expect(resultValue(page, /^Practical length/)).toContainText(/^82[12]\.\d\s?ft/);
    // The tabs scroll sideways on a phone, which clips what is drawn outside a tab: the focus
    // ring of a tab is drawn inside it.
    const tab = page.getByRole('tab', { name: 'Drum capacity' });
    await tab.focus();
    expect(await tab.evaluate((element) => getComputedStyle(element).boxShadow)).toMatch(/inset/);
    await expectNoAxeViolations(page);
  });
});
