import { expect, test } from '@playwright/test';
import { smtpCapture, smtpServerPort } from './playwright.config';
import { answerConsentBeforeLoad } from './support/consent';
import { uniqueEmail } from './support/session';

const base = `http://127.0.0.1:${smtpServerPort}`;

/** The sign-in link in a captured raw message (quoted-printable soft breaks undone). */
function linkIn(raw: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return text.match(/http:\/\/127\.0\.0\.1:\d+\/signin\/[A-Za-z0-9_-]{43}/)?.[0];
}

test.describe('with real mail through SMTP', () => {
  test.use({ baseURL: base, locale: 'en-GB' });
  test.beforeEach(({ page }) => answerConsentBeforeLoad(page));

  test('the link arrives by SMTP, in English, and signs the person in', async ({
    page,
    request,
    isMobile,
  }) => {
    const email = uniqueEmail('smtp');
    await page.goto('/auth');
    if (isMobile) await page.getByRole('button', { name: 'Join the portal' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

    let link: string | undefined;
    await expect
      .poll(async () => {
        const response = await request.get(`http://127.0.0.1:${smtpCapture.http}/messages`);
        const messages = (await response.json()) as Array<{ to: string[]; raw: string }>;
        const mail = messages.find((message) => message.to.includes(email));
        if (mail) {
          expect(mail.raw).toContain('Subject: Your sign-in link to the customer portal');
          link = linkIn(mail.raw);
        }
        return link;
      })
      .toBeTruthy();
    // No dev mailbox when real mail is configured.
    expect((await request.get(`${base}/api/dev/mailbox`)).status()).toBe(404);

    await page.goto(new URL(link ?? '').pathname);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/refill$/);
  });
});
