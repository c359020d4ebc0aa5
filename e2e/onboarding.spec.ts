import { expect, test, type Page } from '@playwright/test';
import {
  answerConsent,
  expectAppInPlace,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInViaApi,
} from './support/shell-session';
import { uniqueEmail } from './support/session';
import {
  acceptInvitation,
  answerWelcome,
  checkDrumsCsv,
  createAccountWithSite,
  drumMakings,
  invitationPath,
  inviteAccountUser,
} from './support/onboarding';

/**
 * A provider's manager onboards a customer from the back-office: creates the account and its
 * site, imports its drums from a French spreadsheet's CSV (dry run, then apply), and invites
 * the customer's admin, who opens the mailed link and finds the drums in the portal.
 */

async function useEnglish(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
}

// The demo's one manager signs in once a minute at most: one project walks it.
test('a manager onboards an account by CSV and its invited admin sees the drums @desktop-only', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people, two browsers, one mail: longer than a one-page test.
  test.setTimeout(90_000);
  await useEnglish(page, baseURL);
  await answerConsent(page);
  await signInViaApi(page.request, String(baseURL), { email: 'manager@provider.example' });
  const { drumType, cable } = await drumMakings(page.request);

  await page.goto('/backoffice/accounts');
  await expectAppInPlace(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer accounts' })).toBeVisible();
  const company = `Onboarded ${Date.now()}`;
  await createAccountWithSite(page, {
    company,
    site: 'Quai Nord',
    city: 'Lyon',
    deliveryInstructions: 'Gate 3',
  });

  // As French Excel saves it: a byte-order mark, semicolons, decimal commas, day/month/year.
  const csv = [
    '\uFEFFserial;drum_type;cable_reference;initial_length_m;site;delivered_on',
    `ONB-1;${drumType};${cable};1 000,5;Quai Nord;20/11/2026`,
    `ONB-2;${drumType};${cable};800;"Quai Nord";2026-11-21`,
    `ONB-3;${drumType};${cable};500;Nowhere;2026-11-21`,
  ].join('\r\n');
  const importing = await checkDrumsCsv(page, csv);
  const report = importing.getByRole('table', { name: 'Row-by-row report' });
  await expect(report.getByText('Unknown site in this account')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Drums (0)' })).toBeVisible();
  await importing.getByRole('button', { name: 'Import 2 valid rows' }).click();
  await expect(importing.getByText(/^Import done/)).toBeVisible();
  const drums = page.getByRole('table', { name: "The account's drums" });
  await expect(drums.getByText('ONB-1', { exact: true })).toBeVisible();
  await expect(drums.getByText('ONB-2', { exact: true })).toBeVisible();

  const admin = uniqueEmail('first-admin');
  await inviteAccountUser(page, admin);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.goto('/backoffice/accounts');
  await expect(page.getByRole('link', { name: company })).toBeVisible();
  await expectNoHorizontalScroll(page);

  const path = await invitationPath(page.request, admin);
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const customer = await context.newPage();
    await useEnglish(customer, baseURL);
    await answerConsent(customer);
    await acceptInvitation(customer, path, {
      email: admin,
      role: 'Administrator',
    });
    await answerWelcome(customer, 'Ada', 'Lovelace');
    await expect(customer.getByText('ONB-1').first()).toBeVisible();
    await expect(customer.getByText('ONB-2').first()).toBeVisible();
    // A customer has no back-office, in the navigation or from the server.
    const nav = customer.getByRole('navigation', { name: 'Main navigation', includeHidden: true });
    await expect(
      nav.getByRole('link', { name: 'Customer accounts', includeHidden: true }),
    ).toHaveCount(0);
    expect((await customer.request.get('/api/backoffice/accounts')).status()).toBe(403);
  } finally {
    await context.close();
  }
  // The back-office trail reads as sentences too, naming the admin by the name they gave.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Audit trail' })
      .getByText('Ada Lovelace joined the account.')
      .first(),
  ).toBeVisible();
});
