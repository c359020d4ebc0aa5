import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { expect, type Page } from '@playwright/test';
import { answerConsent } from './shell-session';
import { appOrigin, signUpForLink, uniqueEmail } from './session';

/** The people of the portal, one per role, and a buyer limited to one site. */
export const personas = [
  { name: 'admin', role: 'admin', side: 'customer' },
  { name: 'buyer', role: 'buyer', side: 'customer' },
  { name: 'viewer', role: 'viewer', side: 'customer' },
  { name: 'site-limited buyer', role: 'buyer', side: 'customer', isSiteLimited: true },
  { name: 'agent', role: 'agent', side: 'staff' },
  { name: 'manager', role: 'manager', side: 'staff' },
] as const;
export type Persona = (typeof personas)[number];

export type Language = 'en' | 'fr';

/**
 * Makes a new user of `persona`'s role: signed up from the dev mailbox (a new user joins the demo
 * account as its admin), then given the role (and the site limit) through the dev API, as the
 * team page and the admin CLI do. Returns the address and its sign-in link, not yet spent.
 */
export async function preparePersona(
  page: Page,
  persona: Persona,
): Promise<{ email: string; link: string }> {
  const email = uniqueEmail(persona.role);
  const headers = { origin: appOrigin() };
  const siteIds = 'isSiteLimited' in persona ? [await firstDemoSiteId(page)] : null;
  const link = await signUpForLink(page.request, email);
  const changed = await page.request.put('/api/dev/users/role', {
    data: { email, role: persona.role, siteIds },
    headers,
  });
  expect(changed.status()).toBe(204);
  return { email, link };
}

/** The demo account's first site, read by a new user of it in a browser context of its own. */
async function firstDemoSiteId(page: Page): Promise<string> {
  const context = await page.context().browser()?.newContext({ baseURL: appOrigin() });
  if (!context) throw new Error('no browser to read the sites with');
  try {
    const link = await signUpForLink(context.request, uniqueEmail('sites'));
    const redeemed = await context.request.post('/api/users/signin', {
      data: { hash: link.split('/signin/')[1] },
      headers: { origin: appOrigin() },
    });
    expect(redeemed.status()).toBe(200);
    const drums = (await (await context.request.get('/api/refill/drums')).json()) as {
      drums: { site: { id: string } }[];
    };
    const siteId = drums.drums[0]?.site.id;
    if (!siteId) throw new Error('the demo account has no drum on a site');
    return siteId;
  } finally {
    await context.close();
  }
}

/**
 * Opens the sign-in link as a person does (the page's button spends it) and waits to land. The
 * page keeps the language's cookie and the consent answered, so nothing covers the screen.
 */
export async function signInWithLink(page: Page, link: string): Promise<void> {
  await page.goto(new URL(link).pathname);
  await page.getByTestId('sign-in-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** The language cookie and the consent, before the first page. */
export async function prepareBrowser(page: Page, language: Language): Promise<void> {
  await page.context().addCookies([{ name: 'locale', value: language, url: appOrigin() }]);
  await answerConsent(page);
}

/** A name, so the first sign-in's name question does not cover the screens. */
export async function giveName(page: Page): Promise<void> {
  const response = await page.request.patch('/api/users/me', {
    data: { firstName: 'Test', lastName: 'Persona' },
    headers: { origin: appOrigin() },
  });
  expect(response.status()).toBe(200);
}

/** What a user may do, as CASL reads their rules. */
export type SessionAbility = MongoAbility;

/** The signed-in user's ability: the rules the server sends with their profile, read by CASL. */
export async function abilityOfSession(page: Page): Promise<SessionAbility> {
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(200);
  const { rules } = (await me.json()) as { rules: RawRuleOf<SessionAbility>[] };
  return createMongoAbility<SessionAbility>(rules);
}
