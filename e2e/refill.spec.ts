import { expect, test, type Page } from '@playwright/test';
import { answerConsentBeforeLoad } from './support/consent';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/shell-session';
import { signIn } from './support/session';

/** A weekday at least a week ahead: always past "today + 2 working days". */
function deliveryDay(): Date {
  const date = new Date();
  date.setDate(date.getDate() + 7);
  while (date.getDay() === 0 || date.getDay() === 6) date.setDate(date.getDate() + 1);
  return date;
}

/** The `P` format of en-US (the browser's language here): MM/dd/yyyy. */
function typedDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

async function openRefill(page: Page, path = '/refill'): Promise<void> {
  await answerConsentBeforeLoad(page);
  await signIn(page, { firstName: 'Ada', lastName: 'Lovelace' });
  await page.goto(path);
}

test.describe('refill screen', () => {
  test('starts as the frame the server painted, then the app takes its place without moving it', async ({
    page,
    browser,
  }) => {
    await openRefill(page);
    await expect(page.getByText('Drums shown: 40 of 40')).toBeVisible();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    const title = page.getByRole('heading', { level: 1, name: 'Refill' });
    const inApp = await title.boundingBox();

    // The same start without scripts: only the server's frame, inert.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const framePage = await noScript.newPage();
    await framePage.goto('/refill');
    const frame = framePage.locator('#prerendered');
    await expect(frame).toHaveAttribute('inert', '');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Refill');
    await expect(frame.getByRole('button', { name: 'Request a refill' })).toBeVisible();
    // Nothing of the user in it: their name and navigation come with the app.
    await expect(frame).not.toContainText('Ada');
    // The logo and the way to the calculator.
    expect(await frame.getByRole('link').count()).toBe(2);
    await expect(frame.getByRole('link', { name: 'Drum calculator' })).toBeVisible();
    expect(await frame.getByRole('heading', { level: 1 }).boundingBox()).toEqual(inApp);
    await noScript.close();
  });

  test('loads the Intl data in a worker as it starts, with no console error nor CSP violation', async ({
    page,
  }) => {
    await answerConsentBeforeLoad(page);
    await signIn(page, { firstName: 'Ada', lastName: 'Lovelace' });
    // The pages signing in went through have theirs.
    await page.goto('about:blank');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto('/refill');
    await expect(page.getByText('Drums shown: 40 of 40')).toBeVisible();
    // One per page with a session.
    expect(workers).toEqual([expect.stringMatching(/^\/assets\/intl-warm-up\.worker-[\w-]+\.js$/)]);
    expect(problems).toEqual([]);
  });

  test('overview: summary, filters kept in the URL across a reload, table view, axe-clean', async ({
    page,
  }) => {
    await openRefill(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Refill' })).toBeVisible();
    await expect(page.getByText('Drums shown: 40 of 40')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    // The table on a desktop; on a phone its rows are cards with the same fields.
    const drumRows = page
      .getByRole('table', { name: 'Drums' })
      .or(page.getByRole('list', { name: 'Drums' }));
    await expect(drumRows).toBeVisible();

    await page.goto('/refill?status=critical&status=low&view=table');
    const shown = page.getByText(/^Drums shown: \d+ of 40$/);
    await expect(shown).toBeVisible();
    const filtered = await shown.textContent();
    expect(filtered).not.toBe('Drums shown: 40 of 40');
    await page.reload();
    await expect(page.getByText(filtered ?? '')).toBeVisible();
    await expect(drumRows).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page.getByText('Drums shown: 40 of 40')).toBeVisible();
    await expect(page).not.toHaveURL(/status=/);
  });

  test('a drum chosen by keyboard far down the list keeps the focus, and the list its cards', async ({
    page,
  }) => {
    await openRefill(page);
    const cards = page.getByRole('list', { name: 'Drums' }).getByRole('listitem');
    await expect(cards).toHaveCount(40);
    const box = cards.nth(30).getByRole('checkbox');
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await expect(box).toBeFocused();
    await expect(
      page.getByRole('button', { name: 'Request a refill (selected drums: 1)' }),
    ).toBeEnabled();
    await page.keyboard.press('Space');
    await expect(box).not.toBeChecked();
    await expect(box).toBeFocused();
    await expect(cards).toHaveCount(40);
  });

  test('drum detail: quantity graph with its table alternative, and a new reading', async ({
    page,
  }) => {
    // Two drums' details, each with its graph and table: more than the file's budget per test.
    test.setTimeout(90_000);
    await openRefill(page);
    // The drum is named: its new reading may move its card in the list.
    const openerName = await page
      .getByRole('button', { name: /^Details of drum / })
      .first()
      .getAttribute('aria-label');
    expect(openerName).toMatch(/^Details of drum /);
    const opener = page.getByRole('button', { name: openerName ?? '', exact: true });
    await opener.click();
    const dialog = page.getByRole('article', { name: /^Drum / });
    await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(dialog.getByRole('heading', { name: 'Remaining length over time' })).toBeVisible();
    await expect(dialog.locator('.uplot')).toBeVisible();
    // Before any pointer the legend holds the latest values; the chart is described in words.
    await expect(dialog.locator('.u-legend')).toContainText(/\d m/);
    await expect(
      dialog.getByRole('img', { name: 'Remaining length over time' }),
    ).toHaveAccessibleDescription(/^From .* readings; .*(Run-out forecast|No run-out forecast)/);
    await dialog.getByRole('button', { name: 'Show the readings as a table' }).click();
    // A table where it fits, one card per reading where it does not (a phone).
    const readings = dialog
      .getByRole('table', { name: /^Readings of drum / })
      .or(dialog.getByRole('list', { name: /^Readings of drum / }));
    await expect(readings).toBeVisible();
    expect(await readings.locator(':scope > tbody > tr, :scope > li').count()).toBeGreaterThan(2);
    await expect(page).toHaveURL(/drum=/);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Add the reading' }).click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Remaining length' }).fill('12');
    await dialog.getByRole('button', { name: 'Add the reading' }).click();
    await expect(page.getByText(/^Reading of drum .* saved\.$/)).toBeVisible();

    await page.getByRole('button', { name: 'Back to the drums' }).click();
    await expect(page).not.toHaveURL(/drum=/);
    await expect(opener).toBeFocused();
    await expect(page.getByText('Drums shown: 40 of 40')).toBeVisible();
    // One demo drum's sensor fell silent days ago, its battery low.
    await expect(page.getByText(/^Sensor silent since /)).toBeVisible();
    await expect(page.getByText(/^Sensor battery low: \d+%$/)).toBeVisible();

    // Another's sensor reports; people read it before the sensor was fitted. Other tests on
    // this server may have added readings to it since (by hand, or a machine's without battery
    // or signal), so what is checked is what they cannot change: freshness shown, both sources.
    await page.getByRole('button', { name: 'Details of drum TR-02400' }).click();
    const sensorDrum = page.getByRole('article', { name: 'Drum TR-02400' });
    await expect(sensorDrum.getByText(/^Last reading /)).toBeVisible();
    await expect(sensorDrum.getByText(/^Sensor: battery /)).toBeVisible();
    await expect(sensorDrum.locator('.u-legend')).toContainText('Manual readings');
    await expect(sensorDrum.locator('.u-legend')).toContainText('Sensor readings');
    await sensorDrum.getByRole('button', { name: 'Show the readings as a table' }).click();
    // A table where its six columns fit, a card per reading on a phone.
    const timeline = sensorDrum
      .getByRole('table', { name: 'Readings of drum TR-02400' })
      .or(sensorDrum.getByRole('list', { name: 'Readings of drum TR-02400' }));
    await expect(timeline.getByText('Manual', { exact: true }).first()).toBeVisible();
    await expect(timeline.getByText('Sensor', { exact: true }).first()).toBeVisible();
    // The page never scrolls sideways, even on a phone.
    await expectNoHorizontalScroll(page);
  });

  test('alert settings are saved with a success toast', async ({ page }) => {
    await openRefill(page, '/refill?tab=alerts');
    const threshold = page.getByRole('spinbutton', { name: 'Alert threshold' });
    await expect(threshold).toHaveValue('20');
    await page.getByRole('spinbutton', { name: 'Critical threshold' }).fill('25');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await expect(
      page.getByText('The critical threshold must be lower than the alert threshold'),
    ).toBeVisible();
    await page.getByRole('spinbutton', { name: 'Critical threshold' }).fill('8');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('stock@example.com');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await expect(page.getByText('Alert settings saved.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('refill request: stepper, attachment, one request for a double click, conversation', async ({
    page,
  }) => {
    await openRefill(page);
    await page
      .getByRole('checkbox', { name: /^Select drum / })
      .first()
      .check();
    await page.getByRole('button', { name: 'Request a refill (selected drums: 1)' }).click();
    await expect(page.getByRole('heading', { name: 'New refill request' })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: /^Drums to deliver for / })).toHaveValue('1');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('textbox', { name: 'Delivery date' }).fill(typedDate(deliveryDay()));
    await page.getByRole('textbox', { name: 'Delivery date' }).press('Enter');
    await page.getByRole('textbox', { name: 'Contact phone' }).fill('612345678');
    // Unique, so the API can tell this test's requests from the other project's.
    const po = `PO-${Date.now().toString(36)}-${test.info().project.name}`.slice(0, 40);
    await page.getByRole('textbox', { name: 'Purchase order number' }).fill(po);
    await page.getByRole('textbox', { name: 'Comment' }).fill('Gate B, ask for Marc.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'order.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await expect(page.getByText('order.pdf')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Review and send' })).toBeVisible();
    await expect(page.getByText(po)).toBeVisible();
    await page.getByRole('button', { name: 'Send the request' }).dblclick();
    await expect(page.getByText(/^Refill request RR-\d+ sent\.$/)).toBeVisible();

    const sent = await page.getByText(/^Refill request RR-\d+ sent\.$/).textContent();
    const number = /RR-\d+/.exec(sent ?? '')?.[0] ?? '';
    // A table on a desktop, cards on a phone.
    const history = page
      .getByRole('table', { name: 'Refill requests' })
      .or(page.getByRole('list', { name: 'Refill requests' }));
    await expect(history).toBeVisible();
    // One request for the double click (the demo account is shared, so count this form's only).
    const listed = (await (await page.request.get('/api/refill/requests')).json()) as {
      requests: { poNumber: string | null }[];
    };
    expect(listed.requests.filter((request) => request.poNumber === po)).toHaveLength(1);
    await history
      .getByRole('button', { name: `Open the conversation of request ${number}` })
      .click();
    const dialog = page.getByRole('region', { name: `Request ${number}` });
    await expect(dialog.getByRole('link', { name: 'order.pdf' })).toBeVisible();
    const log = dialog.getByRole('log');
    await expect(log.getByText(/./).first()).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Can you deliver before 10?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(log.getByText('Can you deliver before 10?')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
