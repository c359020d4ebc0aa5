import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  answerConsent,
  expectAppInPlace,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInViaApi,
} from './support/shell-session';
import { launchOptions } from './support/browser-and-server';

/**
 * The kit's Dialog in a real browser: a native `<dialog>` opened with showModal(), what jsdom
 * cannot show (the page behind inert, Tab kept inside, focus given back, the platform's close
 * requests refused or answered, a click on the backdrop).
 */

/** Whether the element is an open modal `<dialog>` (in the top layer). */
function isModal(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.tagName === 'DIALOG' && element.matches(':modal'));
}

/**
 * Records the dialog's states from now on: a 300 ms shake can be over before an assertion that
 * polls looks at it on a busy machine.
 */
async function recordStates(dialog: Locator): Promise<() => Promise<string[]>> {
  await dialog.evaluate((element) => {
    const states: string[] = [];
    new MutationObserver(() => states.push(element.getAttribute('data-state') ?? '')).observe(
      element,
      { attributes: true, attributeFilter: ['data-state'] },
    );
    Object.assign(element, { recordedStates: states });
  });
  return () =>
    dialog.evaluate(
      (element) => (element as unknown as { recordedStates: string[] }).recordedStates,
    );
}

/**
 * Presses Tab `times` times and returns what took focus that is neither in the dialog nor the
 * document itself (between the last and the first control, focus passes through the browser's
 * own interface, which a page sees as the body).
 */
async function focusOutsideWhileTabbing(page: Page, dialog: Locator, times: number) {
  const outside: string[] = [];
  const inside = new Set<string>();
  for (let index = 0; index < times; index += 1) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((element) => {
      const active = document.activeElement;
      if (!active || active === document.body) return { isInside: true, name: 'body' };
      return {
        isInside: element.contains(active),
        name: `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent ?? ''}`,
      };
    });
    if (where.isInside) inside.add(where.name);
    else outside.push(where.name);
  }
  return { outside, inside };
}

test.describe('a dialog that must be answered (the consent pop-up)', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
  });

  test('refuses Escape pressed twice and three times, the close request and a click outside; Tab stays inside', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expectAppInPlace(page);
    const dialog = page.getByRole('dialog', { name: 'Your privacy' });
    await expect(dialog).toBeVisible();
    expect(await isModal(dialog)).toBe(true);
    await expect(dialog).toHaveAttribute('closedby', 'none');
    // The page behind does not scroll while it is open.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );

    // Chromium lets a second Escape without a click in between close a modal dialog without a
    // cancelable event: pressed twice, then three times, the pop-up is still there.
    let states = await recordStates(dialog);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(states).toContain('shaking');
    expect(await isModal(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    expect(await isModal(dialog)).toBe(true);
    await expect(dialog).toBeVisible();

    // The platform's close request (a back gesture) is refused; closed all the same, it shows
    // itself again at once.
    await dialog.evaluate((element) => (element as HTMLDialogElement).requestClose());
    expect(await isModal(dialog)).toBe(true);
    await dialog.evaluate((element) => (element as HTMLDialogElement).close());
    await expect.poll(() => isModal(dialog)).toBe(true);

    // A click on the backdrop: refused with a shake (once the last one has ended, so that this
    // one shows as a change of state even on a slow machine).
    await expect(dialog).toHaveAttribute('data-state', 'shown');
    states = await recordStates(dialog);
    await page.mouse.click(4, 4);
    await expect.poll(states).toContain('shaking');
    expect(await isModal(dialog)).toBe(true);

    // Tab goes round the pop-up's controls and never reaches the page behind (inert).
    const { outside, inside } = await focusOutsideWhileTabbing(page, dialog, 8);
    expect(outside).toEqual([]);
    expect(inside.size).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'visible',
    );
  });

  test('at 320 px the box fits the width with 12 px on each side', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/auth');
    await expectAppInPlace(page);
    const dialog = page.getByRole('dialog', { name: 'Your privacy' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.x).toBeCloseTo(12, 0);
    expect(box?.width).toBeCloseTo(296, 0);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('the app takes over the painted pop-up at the same place, the same size, over the same scrim', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
    // The server's page alone: its scripts never arrive.
    const painted = await context.newPage();
    await painted.route('**/assets/*.js', (route) => route.abort());
    await painted.goto('/auth');
    const paintedDialog = painted.locator(
      '#prerendered [data-prerendered-consent] [role="dialog"]',
    );
    await expect(paintedDialog).toBeVisible();
    const before = await paintedDialog.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const surface = element.firstElementChild?.getBoundingClientRect();
      return {
        box: [box.x, box.y, box.width, box.height].map(Math.round),
        surface: surface && [surface.x, surface.y, surface.width, surface.height].map(Math.round),
        // The painted dialog's scrim is the element around it.
        scrim: getComputedStyle(element.parentElement as Element).backgroundColor,
      };
    });

    const live = await context.newPage();
    await live.goto('/auth');
    await expectAppInPlace(live);
    const liveDialog = live.getByRole('dialog', { name: 'Your privacy' });
    await expect(liveDialog).toHaveAttribute('data-state', 'shown');
    const after = await liveDialog.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const surface = element.firstElementChild?.getBoundingClientRect();
      return {
        box: [box.x, box.y, box.width, box.height].map(Math.round),
        surface: surface && [surface.x, surface.y, surface.width, surface.height].map(Math.round),
        scrim: getComputedStyle(element, '::backdrop').backgroundColor,
      };
    });

    expect(after).toEqual(before);
    await context.close();
  });
});

test.describe('dialogs a user may close', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
    await answerConsent(page);
    await signInViaApi(page.request, String(baseURL));
  });

  test('the profile dialog: Escape closes it, focus back on the account button; a click outside is refused', async ({
    page,
  }) => {
    await page.goto('/refill');
    await expectAppInPlace(page);
    const button = page.getByRole('button', { name: /Ada/ });
    await button.click();
    await page.getByRole('menuitem', { name: 'Edit my profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit my profile' });
    await expect(dialog).toBeVisible();
    expect(await isModal(dialog)).toBe(true);
    await expect(dialog).toHaveAttribute('closedby', 'closerequest');
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);

    const { outside } = await focusOutsideWhileTabbing(page, dialog, 10);
    expect(outside).toEqual([]);

    // No closeOnClickOutside: a click on the backdrop shakes it.
    const states = await recordStates(dialog);
    await page.mouse.click(4, 4);
    await expect.poll(states).toContain('shaking');
    expect(await isModal(dialog)).toBe(true);

    // Escape closes it (after its closing animation); focus is back where it was opened from.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('a part: a click on the backdrop closes it, a press dragged out of the box does not', async ({
    page,
  }) => {
    await page.goto('/spareparts');
    await expectAppInPlace(page);
    const details = page.getByRole('button', { name: /^Details of part / }).first();
    await details.click();
    const dialog = page.getByRole('dialog', { name: /^Part / });
    await expect(dialog).toBeVisible();
    expect(await isModal(dialog)).toBe(true);
    await expectNoAxeViolations(page);

    // Pressed on the title, released on the backdrop: a text selection, not a click outside.
    const title = await dialog.getByRole('heading', { level: 2 }).boundingBox();
    expect(title).toBeTruthy();
    await page.mouse.move((title?.x ?? 0) + 4, (title?.y ?? 0) + 4);
    await page.mouse.down();
    await page.mouse.move(4, 4, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(await isModal(dialog)).toBe(true);
    await expect(dialog).not.toHaveAttribute('data-state', 'closing');

    await page.mouse.click(4, 4);
    await expect(dialog).toHaveCount(0);
    await expect(details).toBeFocused();

    // The close button too gives focus back.
    await details.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);
    await expect(details).toBeFocused();
  });
});

test('behind a dialog, a page taller than the window keeps its scrollbar gutter: nothing moves sideways @desktop-only', async ({
  playwright,
  baseURL,
}) => {
  // Playwright's browsers hide scrollbars; this one draws them, as a desktop's does.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 } });
    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
    const page = await context.newPage();
    await answerConsent(page);
    await signInViaApi(page.request, String(baseURL));
    await page.goto('/refill');
    await expectAppInPlace(page);
    const scrollbarWidth = () =>
      page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
    await expect.poll(scrollbarWidth).toBeGreaterThan(0);

    const button = page.getByRole('button', { name: /Ada/ });
    const before = await button.boundingBox();
    await button.click();
    await page.getByRole('menuitem', { name: 'Edit my profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit my profile' });
    await expect(dialog).toBeVisible();
    expect(await isModal(dialog)).toBe(true);
    expect(await dialog.evaluate((element) => element.hasAttribute('data-page-scrolls'))).toBe(
      true,
    );
    // The page no longer scrolls, and its scrollbar's place is kept.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe(
      'hidden',
    );
    expect((await button.boundingBox())?.x).toBe(before?.x);
  } finally {
    await browser.close();
  }
});
