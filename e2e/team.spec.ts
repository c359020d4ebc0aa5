import { expect, test, type Page } from '@playwright/test';
import {
  answerConsent,
  expectAppInPlace,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInViaApi,
} from './support/shell-session';
import { invitationPath } from './support/onboarding';
import { uniqueEmail } from './support/session';

/**
 * A customer admin invites a colleague as buyer from the team page; the colleague opens the
 * link of the mail in the dev mailbox, accepts, lands signed in, and finds no team page: a
 * buyer requests refills but does not run the team nor the alert settings.
 */

async function useEnglish(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
}

test('an admin invites a colleague as buyer, who joins through the mail and cannot run the team', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people, two browsers, one mail: longer than a one-page test.
  test.setTimeout(90_000);
  await useEnglish(page, baseURL);
  await answerConsent(page);
  // In dev with demo data a new user joins the demo account as its admin.
  await signInViaApi(page.request, String(baseURL));
  await page.goto('/team');
  await expectAppInPlace(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  const colleague = uniqueEmail('colleague');
  const form = page.getByRole('form', { name: 'Invite a colleague' });
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(colleague);
  await form.getByRole('radio', { name: /^Buyer/ }).check();
  await form.getByRole('radio', { name: 'English' }).check();
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(invitations.getByText(colleague, { exact: true })).toBeVisible();
  // The audit trail reads as a sentence; no site limit is all sites, never "none".
  const trail = page.getByRole('region', { name: 'Audit trail' });
  await expect(trail.getByText(` invited ${colleague}.`).first()).toBeVisible();
  await expect(trail.getByText('Role: Buyer · Sites: all sites').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The colleague, in their own browser, opens the link of the mail.
  const path = await invitationPath(page.request, colleague);
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const invitee = await context.newPage();
    await useEnglish(invitee, baseURL);
    await answerConsent(invitee);
    await invitee.goto(path);
    await expect(invitee.getByRole('heading', { level: 1 })).toContainText('Join');
    await expect(invitee.getByText(`This invitation is for ${colleague}, as Buyer.`)).toBeVisible();
    await expectNoHorizontalScroll(invitee);
    await invitee.getByRole('button', { name: 'Accept and sign in' }).click();
    await expect(invitee).toHaveURL(/\/refill$/);

    const welcome = invitee.getByRole('dialog', { name: 'Welcome' });
    await welcome.getByRole('textbox', { name: 'First name' }).fill('Grace');
    await welcome.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await expect(welcome).toBeHidden();

    // A buyer requests refills…
    await expect(
      invitee.getByRole('button', { name: 'Request a refill', exact: true }),
    ).toBeVisible();
    // …but has no team page, in the navigation or by its address…
    // (On a phone the navigation is a closed drawer: counted, not seen.)
    const nav = invitee.getByRole('navigation', { name: 'Main navigation', includeHidden: true });
    await expect(nav.getByRole('link', { name: 'Refill', includeHidden: true })).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Team', includeHidden: true })).toHaveCount(0);
    await invitee.goto('/team');
    await expect(invitee.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    // …and the server refuses it too.
    const team = await invitee.request.get('/api/team');
    expect(team.status()).toBe(403);
  } finally {
    await context.close();
  }

  // The admin sees the colleague among the members, and the link is spent.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Members' }).getByText(colleague, { exact: true }),
  ).toBeVisible();
  await expect(invitations.getByText(colleague, { exact: true })).toHaveCount(0);
  // Once they gave their name, the trail names them by it.
  await expect(trail.getByText('Grace Hopper joined the account.').first()).toBeVisible();
});

test('an invitation link cut or mistyped in the mail says it cannot be used, with a way on, in each language', async ({
  page,
  baseURL,
}) => {
  for (const [language, title, onward, loading] of [
    ['en', 'This invitation link cannot be used', 'Go to the sign-in page', 'Loading…'],
    [
      'fr',
      "Ce lien d'invitation ne peut pas servir",
      'Aller à la page de connexion',
      'Chargement…',
    ],
  ] as const) {
    await page.context().addCookies([{ name: 'locale', value: language, url: baseURL ?? '' }]);
    await answerConsent(page);
    // Too short for a token: the server answers 400 before looking anything up.
    const answer = page.waitForResponse((response) => response.url().includes('/invitations/'));
    await page.goto('/invitation/not-a-token');
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The spinner is gone, not spinning beside the answer.
    await expect(page.getByRole('progressbar', { name: loading })).toHaveCount(0);
    await page.getByRole('link', { name: onward }).click();
    await expect(page).not.toHaveURL(/\/invitation\//);
    await expectNoHorizontalScroll(page);
  }
});
