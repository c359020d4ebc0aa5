import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CreateQuoteRequestSchema, CreateRefillRequestSchema } from '@portal/contract';
import { typedDay, workingDaysAhead } from './support/dates';
import { expectNoFrench } from './support/languages';
import {
  answerConsent,
  expectAppInPlace,
  expectNoAxeViolations,
  signInViaApi,
} from './support/shell-session';

/**
 * A customer asks for a quote; an agent finds it in the inbox, takes it on, reviews and prices
 * it; the customer reads the offer in the portal and accepts it with a PO number; both sides'
 * timelines show every step. Then a refill request, confirmed, scheduled and delivered, and an
 * empty drum released, its pickup scheduled and the drum collected. Desktop only: the demo agent's address may sign in once a minute,
 * and the phone's cards are the kit table's, tested with it.
 */

async function useEnglish(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
  await answerConsent(page);
}

// The tests share the demo agent's one session, in order.
test.describe.configure({ mode: 'serial' });
let agentSession: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

/**
 * The demo agent on an English page, in a browser of their own. Their own language is French:
 * what the server answers them must still come in the page's language.
 */
async function agentOnEnglishPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext(agentSession ? { storageState: agentSession } : {});
  const page = await context.newPage();
  await useEnglish(page, baseURL);
  if (!agentSession) {
    await signInViaApi(page.request, String(baseURL), { email: 'agent@provider.example' });
    const french = await page.request.patch('/api/users/me', {
      data: { locale: 'fr' },
      headers: { origin: new URL(String(baseURL)).origin },
    });
    expect(french.status()).toBe(200);
    agentSession = await context.storageState();
  }
  return { context, page };
}

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a quote goes to an agent and back, accepted with a PO number; a refill request is delivered; an empty drum is collected @desktop-only', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people, two browsers: longer than a one-page test.
  test.setTimeout(90_000);
  const origin = { origin: new URL(String(baseURL)).origin };

  // The agent signs in first: their later mails are notifications, not sign-in links.
  const { context: agentContext, page: agent } = await agentOnEnglishPage(browser, baseURL);

  // The customer (a new user joins the demo account) asks for a quote of one part.
  await useEnglish(page, baseURL);
  const customer = await signInViaApi(page.request, String(baseURL));
  const catalogue = (await (await page.request.get('/api/spareparts?lang=en')).json()) as {
    items: { id: string }[];
  };
  const partId = catalogue.items[0]!.id;
  expect(
    (
      await page.request.put(`/api/spareparts/cart/lines/${partId}`, {
        data: { quantity: 3 },
        headers: origin,
      })
    ).status(),
  ).toBe(200);
  // Every field the customer writes on a quote, from the contract: the agent's page shows each.
  const quoteRequest = Object.fromEntries(
    Object.keys(CreateQuoteRequestSchema.shape).map((field) => [
      field,
      `${field} written by the customer`,
    ]),
  );
  const created = await page.request.post('/api/spareparts/quotes?lang=en', {
    data: quoteRequest,
    headers: { ...origin, 'idempotency-key': `e2e-backoffice-${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const quote = (await created.json()) as { id: string; number: string };

  // The agent: the inbox lists it; they take it on, review and price it.
  await agent.goto('/backoffice?kind=quote');
  await expectAppInPlace(agent);
  await expect(agent.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await agent.getByRole('link', { name: quote.number }).click();
  await expect(
    agent.getByRole('heading', { level: 1, name: `Quote ${quote.number}` }),
  ).toBeVisible();
  await agent.getByRole('button', { name: 'Take it on' }).click();
  await expect(agent.getByTestId('assignee')).toHaveText('Handled by Ada Lovelace');
  const asked = agent.getByRole('region', { name: 'What the customer asked' });
  for (const written of Object.values(quoteRequest)) await expect(asked).toContainText(written);
  await agent.getByRole('button', { name: 'Start the review' }).click();
  await expect(
    agent.getByRole('region', { name: 'History' }).getByText('Under review', { exact: true }),
  ).toBeVisible();
  // The part as the page names it, in English, before and after acting.
  const part = async (lang: string) =>
    (
      (await (await page.request.get(`/api/spareparts/${partId}?lang=${lang}`)).json()) as {
        designation: string;
      }
    ).designation;
  await expect(asked).toContainText(await part('en'));
  await expectNoFrench(agent, [await part('fr')]);
  const offer = agent.getByRole('form', { name: 'Price the quote' });
  await offer.getByRole('textbox', { name: /^Unit price in euros/ }).fill('12.50');
  await offer.getByRole('textbox', { name: 'Discount in percent' }).fill('10');
  await offer.getByRole('textbox', { name: /^Valid until/ }).fill(typedDay(inDays(20)));
  await offer.getByRole('textbox', { name: /^Valid until/ }).press('Tab');
  await offer.getByRole('button', { name: 'Send the offer' }).click();
  await expect(agent.getByText('Offer ready', { exact: false }).first()).toBeVisible();
  await expectNoAxeViolations(agent);

  // The customer is told by mail, reads the offer and accepts it with a PO number.
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(customer)}`, {
        headers: { accept: 'application/json' },
      });
      const mails = (await answer.json()) as { subject: string }[];
      return mails.some((mail) => mail.subject.includes(quote.number));
    })
    .toBe(true);
  await page.goto(`/spareparts?tab=quotes&quote=${quote.id}`);
  await expectAppInPlace(page);
  // The bell counts what the agent did: taken in review, then offered.
  await expect(
    page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }),
  ).toBeVisible();
  // 3 × 12.50 € = 37.50 €, less 10 % = 33.75 € before tax, 6.75 € of VAT, 40.50 € with tax.
  const figures = page.getByLabel(`Figures of quote ${quote.number}`);
  await expect(figures).toContainText('Total excl. VAT€33.75');
  await expect(figures).toContainText('VAT (20%)€6.75');
  await expect(figures).toContainText('Total incl. VAT€40.50');
  await page.getByRole('textbox', { name: 'Your purchase order number' }).fill('PO-2026-118');
  await page.getByRole('button', { name: 'Accept the offer' }).click();
  const customerTimeline = page.getByRole('region', { name: 'History' });
  await expect(customerTimeline.getByText('Offer accepted')).toBeVisible();
  await expect(customerTimeline.getByText('PO number: PO-2026-118')).toBeVisible();
  for (const step of ['Sent', 'Taken on', 'Under review', 'Offer made']) {
    await expect(customerTimeline.getByText(step, { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // The agent's timeline shows the same steps, the acceptance last.
  await agent.reload();
  const agentTimeline = agent.getByRole('region', { name: 'History' });
  for (const step of ['Sent', 'Taken on', 'Under review', 'Offer made', 'Offer accepted']) {
    await expect(agentTimeline.getByText(step, { exact: true })).toBeVisible();
  }
  // The PO number the customer wrote when accepting is part of what they asked.
  await expect(asked).toContainText('PO number: PO-2026-118');

  // The same for a refill request, through to its delivery.
  const { drums } = (await (await page.request.get('/api/refill/drums')).json()) as {
    drums: { id: string; site: { id: string } }[];
  };
  const drum = drums[0]!;
  const refill = await page.request.post('/api/refill/requests', {
    data: {
      items: [{ drumId: drum.id, quantity: 1 }],
      siteId: drum.site.id,
      deliveryDate: workingDaysAhead(5),
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone: '+33612345678',
    },
    headers: { ...origin, 'idempotency-key': `e2e-backoffice-refill-${Date.now()}` },
  });
  expect(refill.status()).toBe(201);
  const request = (await refill.json()) as { id: string; number: string };
  await agent.goto(`/backoffice/items/${request.id}`);
  await expect(
    agent.getByRole('heading', { level: 1, name: `Refill request ${request.number}` }),
  ).toBeVisible();
  await agent.getByRole('textbox', { name: /^Delivery date/ }).fill(typedDay(workingDaysAhead(6)));
  await agent.getByRole('textbox', { name: /^Delivery date/ }).press('Tab');
  await agent.getByRole('button', { name: 'Confirm' }).click();
  await agent.getByRole('button', { name: 'Mark as scheduled' }).click();
  await agent.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(agent.getByText('Nothing left to do on this item.')).toBeVisible();

  await page.goto(`/refill?tab=requests&request=${request.id}`);
  await expectAppInPlace(page);
  const requestTimeline = page.getByRole('region', { name: 'History' });
  for (const step of ['Sent', 'Confirmed', 'Delivery scheduled', 'Delivered']) {
    await expect(requestTimeline.getByText(step, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Handled by Ada Lovelace')).toBeVisible();

  // A customer of the second demo account (whose drums no other test counts) releases an empty
  // drum from its detail; the agent schedules its pickup and marks it collected; the drum then
  // leaves the customer's drums.
  const nordkabelContext = await browser.newContext();
  const releaser = await nordkabelContext.newPage();
  await useEnglish(releaser, baseURL);
  await signInViaApi(releaser.request, String(baseURL), { email: 'admin@nordkabel.example' });
  const own = (await (await releaser.request.get('/api/refill/drums')).json()) as {
    drums: { id: string; serial: string }[];
  };
  const emptyDrum = own.drums[0]!;
  await releaser.goto(`/refill?drum=${emptyDrum.id}`);
  await expectAppInPlace(releaser);
  await releaser.getByRole('button', { name: 'Release empty drum' }).click();
  await expect(
    releaser.getByRole('heading', { name: `Release the empty drum ${emptyDrum.serial}` }),
  ).toBeFocused();
  const slotDay = workingDaysAhead(3);
  const [year, month, day] = slotDay.split('-');
  const slot = releaser.getByRole('textbox', { name: /^Day of slot 1/ });
  await slot.fill(`${month}/${day}/${year}`);
  await slot.press('Enter');
  await releaser.getByRole('combobox', { name: /^Loading means on site/ }).click();
  await releaser.getByRole('option', { name: 'Forklift on site' }).click();
  await releaser.getByRole('textbox', { name: /^Comment/ }).fill('Près du portail "B"\nمرحبا 🚚');
  await releaser.getByRole('button', { name: 'Ask for the collection' }).click();
  const collectionHeading = releaser.getByRole('heading', {
    name: /^Drum collection CO-\d{6}$/,
  });
  await expect(collectionHeading).toBeVisible();
  const collectionId = new URL(releaser.url()).searchParams.get('collection')!;
  const reference = (await collectionHeading.textContent())!.replace('Drum collection ', '');
  await expect(releaser.getByText('Our turn: customer service is on it')).toBeVisible();
  await expectNoAxeViolations(releaser);

  await agent.goto(`/backoffice/items/${collectionId}`);
  await expect(
    agent.getByRole('heading', { level: 1, name: `Drum collection ${reference}` }),
  ).toBeVisible();
  await expect(agent.getByText('Forklift on site')).toBeVisible();
  // The first day the customer offered is there to start with.
  await expect(agent.getByRole('textbox', { name: /^Pickup date/ })).toHaveValue(
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      new Date(Number(year), Number(month) - 1, Number(day)),
    ),
  );
  await agent.getByRole('button', { name: 'Schedule the pickup' }).click();
  await agent.getByRole('button', { name: 'Mark as collected' }).click();
  await expect(agent.getByText('Nothing left to do on this item.')).toBeVisible();

  await releaser.goto(`/refill?tab=requests&collection=${collectionId}`);
  await expectAppInPlace(releaser);
  const collectionTimeline = releaser.getByRole('region', { name: 'History' });
  for (const step of ['Drum released', 'Pickup scheduled', 'Collected']) {
    await expect(collectionTimeline.getByText(step, { exact: true })).toBeVisible();
  }
  await expect(releaser.getByText('Closed', { exact: true })).toBeVisible();
  const after = (await (await releaser.request.get('/api/refill/drums')).json()) as {
    drums: { id: string }[];
  };
  expect(after.drums.map((row) => row.id)).not.toContain(emptyDrum.id);
  await nordkabelContext.close();
  await agentContext.close();
});

test("everything a customer writes on a refill request shows on the agent's English page, which stays English as they work @desktop-only", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = { origin: new URL(String(baseURL)).origin };
  const { context: agentContext, page: agent } = await agentOnEnglishPage(browser, baseURL);
  await useEnglish(page, baseURL);
  await signInViaApi(page.request, String(baseURL));
  const { drums } = (await (await page.request.get('/api/refill/drums')).json()) as {
    drums: { id: string; serial: string; site: { id: string; name: string } }[];
  };
  const drum = drums[0]!;
  const deliveryDate = workingDaysAhead(4);
  const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });
  // Each field of the contract's refill request: the value the customer writes, and the texts
  // the agent's page must show for it. A field the contract gains fails here until it is shown.
  const written: Record<string, { value: unknown; shown: string[] }> = {
    items: {
      value: [{ drumId: drum.id, quantity: 2 }],
      shown: [drum.serial, '2 drums'],
    },
    siteId: { value: drum.site.id, shown: [drum.site.name] },
    deliveryDate: {
      value: deliveryDate,
      shown: [longDate.format(new Date(`${deliveryDate}T12:00:00Z`))],
    },
    windowStart: { value: '07:30', shown: ['07:30–'] },
    windowEnd: { value: '11:45', shown: ['–11:45'] },
    contactPhone: { value: '+33612345678', shown: ['+33612345678'] },
    poNumber: { value: 'PO-RR-4471', shown: ['PO number', 'PO-RR-4471'] },
    comment: {
      value: 'Gate B, ask for the yard foreman',
      shown: ['Gate B, ask for the yard foreman'],
    },
  };
  const fields = Object.keys(CreateRefillRequestSchema.shape);
  expect(Object.keys(written).sort()).toEqual([...fields].sort());
  const created = await page.request.post('/api/refill/requests', {
    data: Object.fromEntries(fields.map((field) => [field, written[field]!.value])),
    headers: { ...origin, 'idempotency-key': `e2e-written-refill-${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const request = (await created.json()) as { id: string; number: string };
  // Files go with the request, sent on their own.
  const attached = await page.request.post(`/api/refill/requests/${request.id}/attachments`, {
    multipart: {
      file: {
        name: 'site-access-plan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      },
    },
    headers: origin,
  });
  expect(attached.status()).toBe(201);

  await agent.goto(`/backoffice/items/${request.id}`);
  await expectAppInPlace(agent);
  await expect(
    agent.getByRole('heading', { level: 1, name: `Refill request ${request.number}` }),
  ).toBeVisible();
  const asked = agent.getByRole('region', { name: 'What the customer asked' });
  for (const field of fields) {
    for (const text of written[field]!.shown) {
      await expect(field === 'siteId' ? agent.locator('main') : asked, field).toContainText(text);
    }
  }
  await expect(agent.getByRole('link', { name: 'site-access-plan.pdf' })).toBeVisible();

  // The agent works on it: every answer comes in the page's language.
  await agent.getByRole('button', { name: 'Take it on' }).click();
  await expect(agent.getByTestId('assignee')).toHaveText('Handled by Ada Lovelace');
  await agent.getByRole('textbox', { name: 'Your answer' }).fill('We will deliver as asked.');
  await agent.getByRole('button', { name: 'Send' }).click();
  await expect(agent.getByText('We will deliver as asked.')).toBeVisible();
  await expect(agent.getByText('Customer service').first()).toBeVisible();
  await expectNoFrench(agent);
  await agentContext.close();
});
