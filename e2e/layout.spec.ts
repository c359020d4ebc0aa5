import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerConsent, expectNoHorizontalScroll, signInViaApi } from './support/shell-session';

/**
 * The portal's layout rules, measured on the real app where a screenshot would not say why a
 * page is wrong: boxes that must fit, line up, stay on one line or stay in sight, in French (the
 * longer language) on a 1366 px desktop and a 375 px phone. Each test sets its own viewport, so
 * they run once, in the desktop project.
 */

const desktop = { width: 1366, height: 900 };
const phone = { width: 375, height: 812 };

async function open(
  page: Page,
  path: string,
  { language = 'fr', viewport = desktop, signedIn = true } = {},
): Promise<void> {
  const baseURL = String(test.info().project.use.baseURL);
  await page.context().addCookies([{ name: 'locale', value: language, url: baseURL }]);
  await answerConsent(page);
  await page.setViewportSize(viewport);
  if (signedIn) {
    await signInViaApi(page.request, baseURL, {});
  }
  await page.goto(path);
  await expect(page.locator('#prerendered')).toHaveCount(0);
}

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

function overlaps(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

/** Boxes side by side (their heights overlap) end on the same line, within a pixel. */
function expectRowsAligned(boxes: Box[]): void {
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      const sideBySide = a.y < b.y + b.height && b.y < a.y + a.height && a.x !== b.x;
      if (sideBySide) expect(Math.abs(a.y + a.height - (b.y + b.height))).toBeLessThanOrEqual(1);
    }
  }
}

/** How many lines an element's text takes. */
async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return tops.size;
  });
}

/** Each table fits its box: its right edge inside the box, and its last header in sight. */
async function expectTablesFit(page: Page): Promise<void> {
  const tables = page.getByRole('table');
  await expect(tables.first()).toBeVisible();
  for (const table of await tables.all()) {
    const fits = await table.evaluate((element) => {
      const frame = element.parentElement?.parentElement;
      return frame
        ? element.getBoundingClientRect().right <= frame.getBoundingClientRect().right
        : false;
    });
    expect(fits).toBe(true);
    const last = await box(table.getByRole('columnheader').last());
    expect(last.x + last.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  }
  await expectNoHorizontalScroll(page);
}

test.describe('layout @desktop-only', () => {
  test('tables fit their box in French at 1366 px, with a header that sticks to the page and no box of their own to scroll', async ({
    page,
  }) => {
    await open(page, '/refill?view=table');
    await expectTablesFit(page);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: /^État/ })).toBeInViewport();

    // No ancestor scrolls: the page does, and the header row stays under the page header.
    const scrollers = await table.evaluate((element) => {
      const found: string[] = [];
      for (let node = element.parentElement; node; node = node.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(node);
        if ([overflowX, overflowY].some((value) => value === 'auto' || value === 'scroll')) {
          found.push(node.tagName);
        }
      }
      return found;
    });
    expect(scrollers.filter((tag) => tag !== 'HTML' && tag !== 'BODY')).toEqual([]);
    await page.mouse.wheel(0, 1200);
    await expect
      .poll(async () => (await box(table.getByRole('columnheader').first())).y)
      .toBeCloseTo((await box(page.getByRole('banner'))).height, 0);
    // 25 rows a page, all in the page's flow.
    expect(await table.locator('tbody tr').count()).toBe(25);

    for (const path of ['/refill?tab=requests', '/spareparts']) {
      await page.goto(path);
      await expectTablesFit(page);
    }
  });

  test('a serial never breaks at its hyphen, in the table and on the cards', async ({ page }) => {
    await open(page, '/refill?view=table');
    const serials = page.locator('[data-drum-open]');
    await expect(serials.first()).toBeVisible();
    for (const serial of (await serials.all()).slice(0, 10)) {
      expect(await lineCount(serial)).toBe(1);
    }
    await page.getByRole('button', { name: 'Cartes', exact: true }).click();
    const titles = page.locator('article h3 [id$="-title"]');
    await expect(titles.first()).toBeVisible();
    for (const title of (await titles.all()).slice(0, 9)) {
      await title.scrollIntoViewIfNeeded();
      expect(await lineCount(title)).toBe(1);
    }
    // A card tells the remaining length once (the bar's own line), not twice.
    const first = page.locator('article').first();
    const remaining = (await first.innerText()).match(/\d[\d\s]*m sur /g) ?? [];
    expect(remaining).toHaveLength(1);
  });

  test('on a phone the drum table and the request history are cards, the tabs all in sight', async ({
    page,
  }) => {
    await open(page, '/refill?view=table', { viewport: phone });
    await expect(page.getByRole('list', { name: 'Tourets' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    for (const tab of await page.getByRole('tab').all()) {
      const { x, width } = await box(tab);
      expect(x + width).toBeLessThanOrEqual(phone.width);
    }
    await expectNoHorizontalScroll(page);
    await page.goto('/refill?tab=requests');
    await expect(page.getByRole('list', { name: 'Demandes de réapprovisionnement' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  });

  test('calculator: on a phone a result label never overlaps its value or its formula; a row of fields lines up', async ({
    page,
  }) => {
    await open(page, '/refill/calculator', { viewport: phone });
    await page.getByRole('spinbutton', { name: /Diamètre des joues A/ }).fill('1000');
    await page.getByRole('spinbutton', { name: /Diamètre du fût B/ }).fill('500');
    await page.getByRole('spinbutton', { name: /Largeur intérieure T/ }).fill('500');
    await page.getByRole('spinbutton', { name: /Diamètre extérieur du câble d/ }).fill('20');
    const rows = page.locator('dl > div').filter({ has: page.locator('dt') });
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) {
      const parts = await Promise.all(
        (await row.locator(':scope > dt, :scope > dd').all()).map((part) => box(part)),
      );
      for (const [index, part] of parts.entries()) {
        for (const other of parts.slice(index + 1)) expect(overlaps(part, other)).toBe(false);
      }
    }

    await page.setViewportSize(desktop);
    const fields = await page.getByRole('spinbutton').all();
    expectRowsAligned(await Promise.all(fields.map((field) => box(field))));
  });

  for (const width of [375, 320]) {
    test(`calculator, drum choice: at ${width} px the chosen drum's labels never overlap their values`, async ({
      page,
    }) => {
      await open(page, '/refill/calculator?mode=drum&len=1000&d=20', {
        viewport: { width, height: 812 },
      });
      const dimensions = page.getByRole('term').filter({ hasText: /^Dimensions$/ });
      await expect(dimensions).toBeVisible();
      const rows = page.locator('dl > div').filter({ has: page.locator('dt') });
      for (const row of await rows.all()) {
        const parts = await Promise.all(
          (await row.locator(':scope > dt, :scope > dd').all()).map((part) => box(part)),
        );
        for (const [index, part] of parts.entries()) {
          for (const other of parts.slice(index + 1)) expect(overlaps(part, other)).toBe(false);
        }
      }
      // The label's own text stays inside its box (a squeezed column lets it spill over).
      const spills = await dimensions.evaluate(
        (element) => element.scrollWidth > element.clientWidth,
      );
      expect(spills).toBe(false);
      await expectNoHorizontalScroll(page);
    });
  }

  test('request stepper: the fields of the delivery row line up by their boxes', async ({
    page,
  }) => {
    await open(page, '/refill');
    await page
      .getByRole('checkbox', { name: /^Sélectionner le touret / })
      .first()
      .check();
    await page
      .getByRole('button', { name: /^Demander un réapprovisionnement \(tourets sélectionnés/ })
      .click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    const boxes = await Promise.all(
      [
        page.getByRole('combobox', { name: /Site de livraison/ }),
        page.getByRole('textbox', { name: /Date de livraison/ }),
        page.getByRole('textbox', { name: /Heure de début/ }),
        page.getByRole('textbox', { name: /Heure de fin/ }),
        page.getByRole('textbox', { name: /Téléphone du contact/ }),
      ].map((locator) => box(locator)),
    );
    expectRowsAligned(boxes);
  });

  test('spare parts: the search box ends on the line of its filters', async ({ page }) => {
    await open(page, '/spareparts');
    const boxes = await Promise.all(
      [
        page.getByRole('searchbox', { name: /^Rechercher/ }),
        page.getByRole('combobox', { name: /^Catégorie/ }),
        page.getByRole('combobox', { name: /^Équipement/ }),
      ].map((locator) => box(locator)),
    );
    expectRowsAligned(boxes);
  });

  test('the first filter adds "Reset filters" without shrinking a field', async ({ page }) => {
    await open(page, '/refill');
    const site = page.getByRole('combobox', { name: 'Site' });
    const before = await box(site);
    await site.click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Réinitialiser les filtres' })).toBeVisible();
    const after = await box(site);
    expect(after.width).toBeCloseTo(before.width, 0);
  });

  test('detail screens: the way back is flush with the title, the subtitle right under it; a request status is a badge', async ({
    page,
  }) => {
    await open(page, '/refill');
    await page.locator('[data-drum-open]').first().click();
    const title = page.getByRole('heading', { level: 2, name: /^Touret TR-/ });
    const back = page.getByRole('button', { name: 'Retour aux tourets' });
    const titleBox = await box(title);
    const subtitle = await box(title.locator('xpath=following-sibling::p[1]'));
    expect(subtitle.y - (titleBox.y + titleBox.height)).toBeLessThanOrEqual(8);
    const backText = await back.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().x;
    });
    const titleText = await title.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().x;
    });
    expect(Math.abs(backText - titleText)).toBeLessThanOrEqual(1);

    await page.goto('/refill?tab=requests');
    await page.locator('[data-open-item]').first().click();
    const heading = page.getByRole('heading', { level: 2 });
    await expect(heading).toBeVisible();
    const status = heading.locator('xpath=following-sibling::p[1]/span[@data-tone]');
    await expect(status).toBeVisible();
  });

  test('the header: secondary buttons in one colour, the cookie item with an icon, focus rings drawn inside nav links and tabs, the rail down the whole page', async ({
    page,
  }) => {
    await open(page, '/refill');
    const outlined = page.locator('main [data-variant="outlined"]');
    await expect(outlined.first()).toBeVisible();
    const colours = new Set<string>();
    for (const button of await outlined.all()) {
      colours.add(await button.evaluate((element) => getComputedStyle(element).borderTopColor));
    }
    expect([...colours]).toHaveLength(1);

    await page.getByRole('banner').getByRole('button', { name: 'Ada LOVELACE' }).click();
    const items = page.getByRole('menuitem');
    await expect(items.first()).toBeVisible();
    for (const item of await items.all()) await expect(item.locator('svg')).toHaveCount(1);
    await page.keyboard.press('Escape');

    const link = page.getByRole('navigation').getByRole('link').first();
    await link.focus();
    expect(await link.evaluate((element) => getComputedStyle(element).boxShadow)).toContain(
      'inset',
    );
    const tab = page.getByRole('tab').first();
    await tab.focus();
    expect(await tab.evaluate((element) => getComputedStyle(element).boxShadow)).toContain('inset');

    // The rail's colour is drawn down the shell, which is as tall as the page.
    const rail = await page.evaluate(() => {
      const shell = document.querySelector('#root > div');
      if (!shell) return null;
      const before = getComputedStyle(shell, '::before');
      return {
        shell: shell.getBoundingClientRect().height,
        page: document.documentElement.scrollHeight,
        content: before.content,
        position: before.position,
      };
    });
    expect(rail?.content).toBe('""');
    expect(rail?.position).toBe('absolute');
    expect(rail?.shell).toBeGreaterThanOrEqual((rail?.page ?? 0) - 1);
  });

  test('the cookie table shows its Duration column on a phone and on a desktop', async ({
    page,
  }) => {
    await open(page, '/compliancy', { signedIn: false, viewport: phone });
    await expect(page.getByText('Durée', { exact: true }).first()).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page);
    await page.setViewportSize(desktop);
    const duration = page.getByRole('columnheader', { name: 'Durée' });
    await expect(duration).toBeInViewport({ ratio: 1 });
    await expectTablesFit(page);
  });
});

/**
 * What a screen shows, read in the page: pairs of text pieces drawn over each other (each piece
 * a line box of a text node, so a label over its value or a badge over a name is caught), and
 * controls whose own content is wider than their box (a cut label or value).
 */
async function layoutDefects(page: Page): Promise<{ overlaps: string[]; cut: string[] }> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0 &&
        element.closest('[aria-hidden="true"], [inert]') === null
      );
    };
    // What of a box shows once each ancestor that hides its overflow has cut it: a cell's text
    // past its ellipsis, or a visually hidden text in its one-pixel box, draws nothing.
    const shown = (rect: DOMRect, element: Element) => {
      let { left, top, right, bottom } = rect;
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).overflow === 'visible') continue;
        const frame = node.getBoundingClientRect();
        left = Math.max(left, frame.left);
        top = Math.max(top, frame.top);
        right = Math.min(right, frame.right);
        bottom = Math.min(bottom, frame.bottom);
      }
      return new DOMRect(left, top, right - left, bottom - top);
    };
    const pieces: { text: string; rect: DOMRect; node: Text }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || !text.data.trim() || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of Array.from(range.getClientRects(), (line) => shown(line, parent))) {
        if (rect.width > 2 && rect.height > 2)
          pieces.push({ text: text.data.trim(), rect, node: text });
      }
    }
    const overlaps: string[] = [];
    for (const [index, a] of pieces.entries()) {
      for (const b of pieces.slice(index + 1)) {
        if (a.node === b.node) continue;
        const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        // Line boxes of neighbouring lines touch by a pixel or two; a glyph over a glyph is more.
        if (width > 3 && height > 4) overlaps.push(`"${a.text}" over "${b.text}"`);
      }
    }
    const cut: string[] = [];
    const controls = document.querySelectorAll(
      'button, a[href], input:not([type="checkbox"]):not([type="radio"]):not([type="range"]), [role="tab"], [role="combobox"], label',
    );
    for (const control of Array.from(controls)) {
      const { width, height } = shown(control.getBoundingClientRect(), control);
      if (!visible(control) || width <= 2 || height <= 2) continue;
      if (control.scrollWidth > control.clientWidth + 1) {
        cut.push(
          `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim() || (control as HTMLInputElement).value}"`,
        );
      }
    }
    return { overlaps, cut };
  });
}

/** The main screens of one half, each opened in both languages on a desktop and a phone. */
async function expectScreensLaidOut(page: Page, paths: string[]): Promise<void> {
  const baseURL = String(test.info().project.use.baseURL);
  for (const language of ['en', 'fr']) {
    await page.context().addCookies([{ name: 'locale', value: language, url: baseURL }]);
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const where = `${path} in ${language} at ${viewport.width} px`;
        const found = await layoutDefects(page);
        expect(found.overlaps, `text over text on ${where}`).toEqual([]);
        expect(found.cut, `controls cut on ${where}`).toEqual([]);
        if (viewport === phone) {
          await page.setViewportSize({ width: 320, height: phone.height });
          await expectNoHorizontalScroll(page);
          await page.setViewportSize(phone);
        }
      }
    }
  }
}

test.describe('every main screen, both languages, desktop and phone @desktop-only', () => {
  test('the customer screens: no text over text, no control cut, nothing scrolls sideways at 320 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await open(page, '/refill');
    await expectScreensLaidOut(page, [
      '/refill',
      '/refill?view=table',
      '/refill?tab=requests',
      '/refill/calculator',
      '/refill/calculator?mode=drum&len=1000&d=20',
      '/spareparts',
      '/team',
    ]);
  });

  test('the back-office screens: no text over text, no control cut, nothing scrolls sideways at 320 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const baseURL = String(test.info().project.use.baseURL);
    await answerConsent(page);
    await signInViaApi(page.request, baseURL, { email: 'agent@provider.example', withName: false });
    const inbox = (await (await page.request.get('/api/backoffice/inbox?status=all')).json()) as {
      items: { id: string; kind: string; account: { id: string } }[];
    };
    const quote = inbox.items.find((item) => item.kind === 'quote');
    const refill = inbox.items.find((item) => item.kind === 'refill_request');
    await expectScreensLaidOut(page, [
      '/backoffice',
      `/backoffice/items/${quote?.id}`,
      `/backoffice/items/${refill?.id}`,
      '/backoffice/accounts',
      `/backoffice/accounts/${inbox.items[0]?.account.id}`,
    ]);
  });
});
