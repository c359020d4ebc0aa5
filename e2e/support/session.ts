import { expect, type APIRequestContext, type Page } from '@playwright/test';

interface MailboxEntry {
  to: string;
  subject: string;
  link: string | null;
  createdAt: string;
}

let counter = 0;

/** A fresh address per call, so tests never share a user or a send limit. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/**
 * The newest sign-in link the dev mailbox holds for `email`. Other mail can come after it (a new
 * user of the demo account gets its drums' alerts). A slow machine gets 20 s; a failure says what
 * the mailbox last answered.
 */
export async function latestSignInLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | null | undefined;
  let lastAnswer = '';
  try {
    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`, {
            headers: { accept: 'application/json' },
          });
          lastAnswer = `${response.status()} ${(await response.text()).slice(0, 300)}`;
          const entries = response.ok() ? ((await response.json()) as MailboxEntry[]) : [];
          link = entries.find((entry) => entry.link)?.link;
          return link;
        },
        { timeout: 20_000 },
      )
      .toBeTruthy();
  } catch {
    throw new Error(`no sign-in mail for ${email}; the mailbox last answered: ${lastAnswer}`);
  }
  return link ?? '';
}

/**
 * Signs `email` up (or asks for a new link) and returns the sign-in link the dev mailbox then
 * holds. A refused sign-up fails here, with the server's answer, rather than as a mail that
 * never comes.
 */
export async function signUpForLink(
  request: APIRequestContext,
  email: string,
  { company, origin = appOrigin() }: { company?: string; origin?: string } = {},
): Promise<string> {
  const signUp = await request.post('/api/users/signup', {
    data: { email, company },
    headers: { origin },
  });
  expect(signUp.status(), `sign-up of ${email}: ${await signUp.text()}`).toBe(202);
  return latestSignInLink(request, email);
}

/** Replaces a user's CASL rules through the dev API (null restores the default). */
export async function setRules(
  page: Page,
  email: string,
  rules: Array<{ action: string; subject: string }> | null,
): Promise<void> {
  const response = await page.request.put('/api/dev/users/rules', {
    data: { email, rules },
    headers: { origin: appOrigin() },
  });
  expect(response.status()).toBe(204);
}

export interface SignInOptions {
  email?: string;
  company?: string;
  /** Rules to give the user before signing in (e.g. without `get refill`). */
  rules?: Array<{ action: string; subject: string }>;
  /** A name, so the first-sign-in name prompt does not show. */
  firstName?: string;
  lastName?: string;
}

/**
 * Signs a new user in the way a person does: the sign-up API sends the mail, the dev mailbox
 * gives the link, and the sign-in page's button spends it. Leaves the page on /refill (or where
 * the app sends that user) and returns the address.
 */
export async function signIn(page: Page, options: SignInOptions = {}): Promise<string> {
  const email = options.email ?? uniqueEmail();
  const origin = appOrigin();
  const link = await signUpForLink(page.request, email, { company: options.company });
  if (options.rules) await setRules(page, email, options.rules);
  await page.goto(new URL(link).pathname);
  await page.getByTestId('sign-in-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  if (options.firstName || options.lastName) {
    const response = await page.request.patch('/api/users/me', {
      data: { firstName: options.firstName, lastName: options.lastName },
      headers: { origin },
    });
    expect(response.status()).toBe(200);
    await page.reload();
  }
  return email;
}

/** The origin the e2e server runs on (e2e/playwright.config.ts); state-changing calls need it. */
export function appOrigin(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
}
