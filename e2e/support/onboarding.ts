import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * The steps of onboarding as people take them in the UI: a manager creates an account and its
 * site, imports drums and invites a user; the invited person accepts and gives their name.
 */

/** On /backoffice/accounts: a new account, then its first site (its page is open after). */
export async function createAccountWithSite(
  page: Page,
  account: {
    company: string;
    site: string;
    city: string;
    address?: string;
    deliveryInstructions?: string;
  },
): Promise<void> {
  const create = page.getByRole('form', { name: 'New account' });
  await create.getByRole('textbox', { name: 'Company name' }).fill(account.company);
  await create.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: account.company })).toBeVisible();
  const siteForm = page.getByRole('form', { name: 'Add a site' });
  await siteForm.getByRole('textbox', { name: 'Site name' }).fill(account.site);
  await siteForm.getByRole('textbox', { name: 'City' }).fill(account.city);
  if (account.address) {
    await siteForm.getByRole('textbox', { name: 'Address' }).fill(account.address);
  }
  if (account.deliveryInstructions) {
    await siteForm
      .getByRole('textbox', { name: 'Delivery instructions' })
      .fill(account.deliveryInstructions);
  }
  await siteForm.getByRole('button', { name: 'Add the site' }).click();
  await expect(page.getByRole('heading', { name: 'Sites (1)' })).toBeVisible();
}

/** A drum type and a cable reference of the catalogue, which an imported drum is made of. */
export async function drumMakings(
  request: APIRequestContext,
): Promise<{ drumType: string; cable: string }> {
  const [drumType] = (await (await request.get('/api/catalog/drum-types')).json()) as {
    code: string;
  }[];
  const [cable] = (await (await request.get('/api/catalog/products')).json()) as {
    reference: string;
  }[];
  expect(drumType && cable).toBeTruthy();
  return { drumType: drumType!.code, cable: cable!.reference };
}

/** On an account's page: checks a drums CSV file (the dry run); answers the import's region. */
export async function checkDrumsCsv(page: Page, csv: string): Promise<Locator> {
  const importing = page.getByRole('region', { name: 'Import a CSV file' });
  await importing.locator('input[type="file"]').setInputFiles({
    name: 'drums.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await importing.getByRole('button', { name: 'Check the file' }).click();
  return importing;
}

/** On an account's page: invites `email` (an English mail) and waits for the audit trail. */
export async function inviteAccountUser(page: Page, email: string): Promise<void> {
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await invite.getByRole('radio', { name: 'English' }).check();
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  // The trail says it in a sentence: "<who> invited <address>.", then the role and sites.
  await expect(
    page.getByRole('region', { name: 'Audit trail' }).getByText(` invited ${email}.`).first(),
  ).toBeVisible();
}

/** The path of the newest invitation the dev mailbox holds for `email`. */
export async function invitationPath(request: APIRequestContext, email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`, {
        headers: { accept: 'application/json' },
      });
      const mails = (await answer.json()) as { link: string | null }[];
      link = mails.find((mail) => mail.link?.includes('/invitation/'))?.link ?? null;
      return link;
    })
    .not.toBeNull();
  return new URL(String(link)).pathname;
}

/** Opens an invitation's page, checks whom it is for, and accepts it: the portal opens. */
export async function acceptInvitation(
  page: Page,
  path: string,
  invitee: { email: string; role: string },
): Promise<void> {
  await page.goto(path);
  await expect(
    page.getByText(`This invitation is for ${invitee.email}, as ${invitee.role}.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page).toHaveURL(/\/refill$/);
}

/** A user without a name yet is asked for it once: answers it. */
export async function answerWelcome(
  page: Page,
  firstName: string,
  lastName: string,
): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await welcome.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await welcome.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await expect(welcome).toBeHidden();
}
