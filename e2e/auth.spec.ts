import { expect, test } from '@playwright/test';
import { appOrigin, latestSignInLink, signUpForLink, uniqueEmail } from './support/session';
import { answerConsentBeforeLoad } from './support/consent';
import { expectNoAxeViolations } from './support/shell-session';

const texts = {
  fr: {
    locale: 'fr-FR',
    join: 'Rejoindre le portail',
    email: 'Adresse e-mail',
    company: 'Entreprise',
    submit: "S'inscrire",
    thanks: 'Merci !',
    signInTitle: 'Connexion au portail',
    signIn: 'Se connecter',
    invalidTitle: "Ce lien n'est plus valable",
    newLink: 'Recevoir un nouveau lien',
    expiredOrInvalid: /Ce lien/,
  },
  en: {
    locale: 'en-GB',
    join: 'Join the portal',
    email: 'E-mail address',
    company: 'Company',
    submit: 'Sign up',
    thanks: 'Thank you!',
    signInTitle: 'Sign in to the portal',
    signIn: 'Sign in',
    invalidTitle: 'This link is no longer valid',
    newLink: 'Get a new link',
    expiredOrInvalid: /This link/,
  },
} as const;

/** The WCAG contrast ratio of two opaque `rgb(r, g, b)` colours. */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((channel) => {
      const value = Number(channel) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

for (const language of ['fr', 'en'] as const) {
  const t = texts[language];

  test.describe(`sign-up and sign-in journey (${language})`, () => {
    test.use({ locale: t.locale });
    test.beforeEach(({ page }) => answerConsentBeforeLoad(page));

    test('a visitor signs up, gets the mail, opens the link, presses the button and is in', async ({
      page,
      isMobile,
    }) => {
      const email = uniqueEmail(`journey-${language}`);
      await page.goto('/auth');
      if (isMobile) {
        // Phones show one panel at a time: the carousel first, then the form after "join".
        await expect(page.getByLabel(t.email)).toBeHidden();
        await page.getByRole('button', { name: t.join }).click();
      }
      const submit = page.getByRole('button', { name: t.submit });
      await expect(submit).toBeDisabled();
      await page.getByLabel(t.email).fill(email);
      await page.getByLabel(t.company).fill('Journey Cables');
      await expect(submit).toBeEnabled();
      await expectNoAxeViolations(page);
      await submit.click();
      await expect(page.getByRole('heading', { name: t.thanks })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await expectNoAxeViolations(page);

      const link = await latestSignInLink(page.request, email);
      const response = await page.goto(new URL(link).pathname);
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      await expect(page.getByRole('heading', { name: t.signInTitle })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(page).toHaveURL(/\/refill$/);

      // The session survives a reload: the cookie opens /users/me.
      await page.reload();
      await expect(page).toHaveURL(/\/refill$/);
      const me = await page.request.get('/api/users/me');
      expect(me.status()).toBe(200);
      expect((await me.json()) as { email: string; company: string }).toMatchObject({
        email,
        company: 'Journey Cables',
      });

      // The link is spent: opening it again explains it is no longer valid. (The screen's own
      // requests finish first: one answered 401 after the cookies went would send it to the root.)
      await page.waitForLoadState('networkidle');
      await page.context().clearCookies();
      await page.goto(new URL(link).pathname);
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(page.getByRole('heading', { name: t.invalidTitle })).toBeVisible();
      // The way out reads as a button, legible under the pointer too (WCAG 1.4.3).
      const newLink = page.getByRole('link', { name: t.newLink });
      await newLink.hover();
      const colours = await newLink.evaluate((link) => {
        const style = getComputedStyle(link);
        return [style.color, style.backgroundColor];
      });
      expect(contrastRatio(colours[0]!, colours[1]!)).toBeGreaterThanOrEqual(4.5);
    });
  });
}

test('opening a sign-in link does not spend it (mail scanners)', async ({ page, browser }) => {
  await answerConsentBeforeLoad(page);
  const email = uniqueEmail('scanner');
  await page.goto('/auth');
  const link = await signUpForLink(page.request, email);
  // A "scanner" opens the page and runs its scripts, but presses nothing.
  const scanner = await browser.newPage();
  await scanner.goto(new URL(link).pathname);
  await expect(scanner.getByRole('button')).not.toHaveCount(0);
  await scanner.close();
  // The person can still use the link.
  await page.goto(new URL(link).pathname);
  await page.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(/\/refill$/);
});

test.describe('a first sign-in from an English browser', () => {
  test.use({ locale: 'en-GB' });

  test("takes the browser's language for someone added in French", async ({ page }) => {
    await answerConsentBeforeLoad(page);
    const email = uniqueEmail('first-language');
    // Added in French: here a sign-up from a French page, as an inviter or the command line would.
    const signUp = await page.request.post('/api/users/signup', {
      data: { email },
      headers: { origin: appOrigin(), 'accept-language': 'fr-FR' },
    });
    expect(signUp.status()).toBe(202);
    const link = await latestSignInLink(page.request, email);
    await page.goto(new URL(link).pathname);
    await page.getByRole('button', { name: texts.en.signIn }).click();
    await expect(page).toHaveURL(/\/refill$/);
    const me = (await (await page.request.get('/api/users/me')).json()) as { locale: string };
    expect(me.locale).toBe('en');
  });
});
