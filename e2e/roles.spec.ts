import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { controlsNamed, routeAbilitiesOf } from './support/action-controls';
import { root } from './support/browser-and-server';
import {
  abilityOfSession,
  giveName,
  personas,
  prepareBrowser,
  preparePersona,
  signInWithLink,
  type Language,
  type Persona,
  type SessionAbility,
} from './support/personas';
import { appOrigin } from './support/session';

/**
 * Every role against every signed-in page of the SPA's page map (as the web build writes it,
 * `dist/pages.json`): where each person lands when they sign in with a mailed link, and that no
 * screen offers them a control whose call the server would refuse them. English on a desktop,
 * French at 375 px.
 */

interface MappedPage {
  name: string;
  path: string;
  access: 'public' | 'visitor' | 'signedIn';
  ability?: { action: string; subject: string };
}

const pageMap = JSON.parse(readFileSync(join(root, 'apps/web/dist/pages.json'), 'utf8')) as {
  pages: MappedPage[];
};
const signedInPages = pageMap.pages.filter((page) => page.access === 'signedIn');

const languageOf = (testInfo: TestInfo): Language =>
  testInfo.project.name === 'phone' ? 'fr' : 'en';

const homeOf = (persona: Persona) => (persona.side === 'staff' ? '/backoffice' : '/refill');

const mayOpen = (ability: SessionAbility, page: MappedPage) =>
  !page.ability || ability.can(page.ability.action, page.ability.subject);

const pageAt = (path: string) => {
  const found = signedInPages.find((page) => page.path === new URL(path, appOrigin()).pathname);
  if (!found) throw new Error(`${path} is no signed-in page of the page map`);
  return found;
};

/** Waits until the page has its data in: no request in flight, no spinner. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('progressbar', { name: /^(Loading|Chargement)…$/ })).toHaveCount(0);
}

/** A visitor asks for `path`, is sent to sign in, and signs in with a new link of their role. */
async function signInFrom(page: Page, persona: Persona, path: string | null, language: Language) {
  // Off the app first: a signed-in page that loses its cookie goes to `/` on its next 401.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await prepareBrowser(page, language);
  if (path) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  const { link } = await preparePersona(page, persona);
  await signInWithLink(page, link);
  await settle(page);
}

const hostileReturnPaths = [
  '//evil.example',
  'https://evil.example/refill',
  '/\\evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example/refill',
  'javascript:alert(1)',
];

/** The id a page's address takes: the first of the user's own, or one of no item. */
const sampleIds: Record<string, (page: Page) => Promise<string | undefined>> = {
  backofficeItem: async (page) => {
    const inbox = await page.request.get('/api/backoffice/inbox');
    return inbox.ok()
      ? ((await inbox.json()) as { items: { id: string }[] }).items[0]?.id
      : undefined;
  },
  backofficeAccount: async (page) => {
    const list = await page.request.get('/api/backoffice/accounts?limit=1&offset=0');
    return list.ok()
      ? ((await list.json()) as { accounts: { id: string }[] }).accounts[0]?.id
      : undefined;
  },
};
const noItem = '00000000-0000-4000-8000-000000000000';

async function addressOf(page: Page, mapped: MappedPage): Promise<string> {
  if (!mapped.path.includes(':')) return mapped.path;
  const id = (await sampleIds[mapped.name]?.(page)) ?? noItem;
  return mapped.path.replace(/:[A-Za-z]+$/, id);
}

const interactiveRoles = 'button|link|checkbox|switch|tab|menuitem|radio';
const snapshotLine = new RegExp(`^\\s*- (${interactiveRoles}) ("(?:[^"\\\\]|\\\\.)*")(.*)$`);

/**
 * The enabled action controls of the screen (the table's, by their accessible names in the
 * screen's accessibility tree: what a person can press), each with whether the user has the
 * ability its call needs.
 */
async function actionControlsOf(
  page: Page,
  mapped: MappedPage,
  ability: SessionAbility,
  language: Language,
  needs: Map<string, (readonly [string, string])[]>,
): Promise<{ control: string; isAllowed: boolean }[]> {
  const snapshot = await page.locator('#root').ariaSnapshot();
  const found: { control: string; isAllowed: boolean }[] = [];
  for (const line of snapshot.split('\n')) {
    const match = snapshotLine.exec(line);
    if (!match) continue;
    const [, role, quoted = '""', rest = ''] = match;
    if (rest.includes('[disabled]')) continue;
    const name = JSON.parse(quoted) as string;
    for (const control of controlsNamed(name, language, mapped.name)) {
      const required = needs.get(control.call) ?? [];
      found.push({
        control: `${role} "${name}" (${control.call} needs ${required.map((pair) => pair.join(' ')).join(' and ') || 'a session'})`,
        isAllowed: required.every(([action, subject]) => ability.can(action, subject)),
      });
    }
  }
  return found;
}

for (const [index, persona] of personas.entries()) {
  test(`${persona.name}: lands where they belong, and no page offers a control the server refuses`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    const language = languageOf(testInfo);
    const accessDenied = language === 'en' ? 'Access denied' : 'Accès refusé';
    const needs = await routeAbilitiesOf(page.request);

    // No page to return to (a kept value that is not a path of this site is none): home.
    await prepareBrowser(page, language);
    await page.goto('/auth');
    const hostile = hostileReturnPaths[index % hostileReturnPaths.length] ?? '';
    await page.evaluate((value) => localStorage.setItem('portal-return-path', value), hostile);
    const { link } = await preparePersona(page, persona);
    await signInWithLink(page, link);
    await settle(page);
    expect(new URL(page.url()).origin).toBe(appOrigin());
    await expect(page).toHaveURL((url) => url.pathname === homeOf(persona));
    await expect(page.getByRole('heading', { level: 1, name: accessDenied })).toHaveCount(0);
    const ability = await abilityOfSession(page);
    // Named, as after the first sign-in's question: the landing page itself, for the record.
    await giveName(page);
    await page.reload();
    await settle(page);
    await page.screenshot({
      path: testInfo.outputPath(`landing-${persona.name.replaceAll(' ', '-')}.png`),
    });

    // Every signed-in page of the map in the same session, and each of its tabs.
    const offered: string[] = [];
    const refused: string[] = [];
    const collect = async (mapped: MappedPage, where: string) => {
      for (const { control, isAllowed } of await actionControlsOf(
        page,
        mapped,
        ability,
        language,
        needs,
      )) {
        (isAllowed ? offered : refused).push(`${where}: ${control}`);
      }
    };
    for (const mapped of signedInPages) {
      const address = await addressOf(page, mapped);
      await page.goto(address);
      await settle(page);
      if (!mayOpen(ability, mapped)) {
        await expect(page, `${persona.name} on ${mapped.name}`).toHaveURL(/\/notauthorized$/);
        continue;
      }
      await expect(page).not.toHaveURL(/\/notauthorized$/);
      const where = `${mapped.name} (${address})`;
      await collect(mapped, where);
      // Each tab of the page, as a person would open them.
      const tabs = page.locator('main').getByRole('tab');
      const tabCount = await tabs.count();
      for (let tab = 0; tab < tabCount; tab += 1) {
        const label = (await tabs.nth(tab).textContent()) ?? '';
        await tabs.nth(tab).click();
        await settle(page);
        await collect(mapped, `${where}, tab ${label}`);
      }
    }
    await testInfo.attach('action controls offered', { body: offered.join('\n') });
    expect(refused, `controls offered to the ${persona.name} that the server refuses`).toEqual([]);
    // The table names real controls: everyone but a viewer is offered some of them.
    expect(offered.length > 0, offered.join('\n')).toBe(persona.role !== 'viewer');

    // Sent away from a page to sign in: back on it when they may open it, home otherwise. Where
    // a person lands does not depend on the language or the width: checked on the desktop only.
    if (testInfo.project.name !== 'desktop') return;
    for (const path of ['/team', '/backoffice/accounts', '/spareparts?tab=quotes']) {
      await signInFrom(page, persona, path, language);
      const expected = mayOpen(ability, pageAt(path)) ? path : homeOf(persona);
      await expect(page, `${persona.name} sent away from ${path}`).toHaveURL(
        (url) => `${url.pathname}${url.search}` === expected,
      );
      await expect(page.getByRole('heading', { level: 1, name: accessDenied })).toHaveCount(0);
    }
  });
}
