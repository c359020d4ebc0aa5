import { spawn, type ChildProcess } from 'node:child_process';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { readPdf } from '../apps/server/test/pdf';
import { appServerEnv, root } from './support/browser-and-server';
import { typedDay, workingDaysAhead } from './support/dates';
import {
  acceptInvitation,
  answerWelcome,
  checkDrumsCsv,
  createAccountWithSite,
  drumMakings,
  invitationPath,
  inviteAccountUser,
} from './support/onboarding';
import { adminSql } from './support/postgres';
import { uniqueEmail } from './support/session';
import { answerConsent, expectAppInPlace, signInViaApi } from './support/shell-session';

/**
 * The halves agree, across roles and languages: a manager onboards an account (site, drums, its
 * admin); the admin invites a buyer (in French) and a viewer; the buyer asks for a quote and a
 * refill; an agent (in English) takes the quote on, prices it below the catalogue, sends the offer,
 * and confirms and delivers the refill; the buyer accepts the offer with a PO number. The same
 * figures and words are read on each side's page, in the mail, in the PDF and in the export, each
 * in its reader's language.
 *
 * The journey runs on a server of its own, so the demo staff's one sign-in mail a minute is not
 * shared with the specs that sign them in on the common server; on a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set, on the in-memory one otherwise.
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
// Next to the ports of the common servers, the SMTP capture and the other specs' own servers.
const port = Number(process.env.E2E_PORT ?? 3100) + 11;
const origin = `http://127.0.0.1:${port}`;
const databaseName = `portal_e2e_journey_${process.pid}`;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  let databaseUrl = 'memory://';
  if (adminUrl) {
    await adminSql(adminUrl, `drop database if exists ${databaseName}`);
    await adminSql(adminUrl, `create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = String(url);
  }
  server = spawn('node', ['apps/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, ...appServerEnv(port, { DATABASE_URL: databaseUrl }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 100_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill();
  if (adminUrl) {
    // Forced: the server may still hold its connections while it stops.
    await adminSql(adminUrl, `drop database if exists ${databaseName} with (force)`);
  }
});

/** A browser of its own for one person, in `language`, consent answered. */
async function personIn(
  browser: Browser,
  language: 'fr' | 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: origin,
    locale: language === 'fr' ? 'fr-FR' : 'en-GB',
  });
  await context.addCookies([{ name: 'locale', value: language, url: origin }]);
  const page = await context.newPage();
  await answerConsent(page);
  return { context, page };
}

/** An invitee opens their mail's link in a browser of their own, in English, and gives a name. */
async function joinInEnglish(
  browser: Browser,
  mailbox: APIRequestContext,
  invitee: { email: string; role: string },
  [firstName, lastName]: [string, string],
) {
  const person = await personIn(browser, 'en');
  await acceptInvitation(person.page, await invitationPath(mailbox, invitee.email), invitee);
  await answerWelcome(person.page, firstName, lastName);
  return person;
}

/** The text of the newest mail to `to` whose subject names `subject`. */
async function mailText(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`, {
        headers: { accept: 'application/json' },
      });
      const mails = (await answer.json()) as { subject: string; text: string }[];
      text = mails.find((mail) => mail.subject.includes(subject))?.text;
      return text;
    })
    .toBeDefined();
  return text ?? '';
}

/** Spaces as people read them: the narrow and non-breaking spaces of French figures included. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

async function pdfText(request: APIRequestContext, path: string, name: string) {
  const answer = await request.get(path);
  expect(answer.status(), `${path}: ${answer.status()}`).toBe(200);
  return flat(readPdf(await answer.body(), name).text);
}

const euros = (language: 'fr' | 'en', cents: number) =>
  flat(
    new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
      style: 'currency',
      currency: 'EUR',
    }).format(cents / 100),
  );

test('manager, admin, buyer and agent each read the same figures and words, in their language @desktop-only', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const headers = { origin };

  // The staff sign in first: what the mailbox holds for them later are notifications.
  const { context: managerContext, page: manager } = await personIn(browser, 'en');
  await signInViaApi(manager.request, origin, { email: 'manager@provider.example' });
  const { context: agentContext, page: agent } = await personIn(browser, 'en');
  await signInViaApi(agent.request, origin, { email: 'agent@provider.example' });
  for (const staff of [manager, agent]) {
    const english = await staff.request.patch('/api/users/me', { data: { locale: 'en' }, headers });
    expect(english.status()).toBe(200);
  }

  // The manager: an account, its site with a delivery address, two drums, its admin.
  const { drumType, cable } = await drumMakings(manager.request);
  await manager.goto('/backoffice/accounts');
  await expectAppInPlace(manager);
  const company = `Journey ${Date.now()}`;
  const site = { site: 'Quai Sud', city: 'Marseille', address: '12 rue des Tourets' };
  await createAccountWithSite(manager, { company, ...site });
  const importing = await checkDrumsCsv(
    manager,
    [
      'serial;drum_type;cable_reference;initial_length_m;site;delivered_on',
      `JRN-1;${drumType};${cable};1000;${site.site};2026-11-20`,
      `JRN-2;${drumType};${cable};800;${site.site};2026-11-21`,
    ].join('\n'),
  );
  await importing.getByRole('button', { name: 'Import 2 valid rows' }).click();
  await expect(importing.getByText(/^Import done/)).toBeVisible();
  const admin = uniqueEmail('journey-admin');
  await inviteAccountUser(manager, admin);

  // The admin joins and invites a buyer, in French, and a viewer, in English.
  const { context: adminContext, page: adminPage } = await joinInEnglish(
    browser,
    manager.request,
    { email: admin, role: 'Administrator' },
    ['Ada', 'Lovelace'],
  );
  await adminPage.goto('/team');
  await expectAppInPlace(adminPage);
  const buyer = uniqueEmail('journey-buyer');
  const viewer = uniqueEmail('journey-viewer');
  for (const [email, role, language] of [
    [buyer, /^Buyer/, 'French'],
    [viewer, /^Viewer/, 'English'],
  ] as const) {
    const form = adminPage.getByRole('form', { name: 'Invite a colleague' });
    await form.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await form.getByRole('radio', { name: role }).check();
    await form.getByRole('radio', { name: language }).check();
    await form.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(
      adminPage.getByRole('region', { name: 'Invitations' }).getByText(email, { exact: true }),
    ).toBeVisible();
  }

  // The buyer joins in French.
  const { context: buyerContext, page: buyerPage } = await personIn(browser, 'fr');
  await buyerPage.goto(await invitationPath(manager.request, buyer));
  await buyerPage.getByRole('button', { name: 'Accepter et se connecter' }).click();
  await expect(buyerPage).toHaveURL(/\/refill$/);
  const named = await buyerPage.request.patch('/api/users/me', {
    data: { firstName: 'Grace', lastName: 'Hopper' },
    headers,
  });
  expect(named.status()).toBe(200);
  expect(((await named.json()) as { locale: string }).locale).toBe('fr');

  // The buyer asks for a quote of three of a part, and a refill of a drum.
  const catalogue = (await (await buyerPage.request.get('/api/spareparts?lang=fr')).json()) as {
    items: { id: string; unitPriceCents: number }[];
  };
  const part = catalogue.items[0]!;
  // The offer differs from the catalogue: what every surface shows is the offered price.
  expect(part.unitPriceCents).not.toBe(1250);
  const line = await buyerPage.request.put(`/api/spareparts/cart/lines/${part.id}`, {
    data: { quantity: 3 },
    headers,
  });
  expect(line.status()).toBe(200);
  // From the cart, in French.
  await buyerPage.goto('/spareparts');
  await expectAppInPlace(buyerPage);
  await buyerPage.getByRole('button', { name: 'Ouvrir le panier (articles : 3)' }).click();
  const cart = buyerPage.getByRole('dialog', { name: 'Votre panier' });
  await cart.getByRole('textbox', { name: /^Commentaire/ }).fill('Pour le chantier de Marseille');
  await cart.getByRole('button', { name: 'Demander un devis' }).click();
  const sent = cart.getByText(/^Demande de devis QR-\d+ envoyée\.$/).first();
  await expect(sent).toBeVisible();
  const number = /QR-\d+/.exec((await sent.textContent()) ?? '')?.[0];
  const { quotes } = (await (
    await buyerPage.request.get('/api/spareparts/quotes?lang=fr')
  ).json()) as {
    quotes: { id: string; number: string }[];
  };
  const quote = quotes.find((candidate) => candidate.number === number)!;
  expect(quote).toBeDefined();
  const { drums } = (await (await buyerPage.request.get('/api/refill/drums')).json()) as {
    drums: { id: string; serial: string; site: { id: string } }[];
  };
  expect(drums.map((drum) => drum.serial).sort()).toEqual(['JRN-1', 'JRN-2']);
  const refillPo = `PO-RR-${Date.now().toString(36)}`;
  const refillAsked = await buyerPage.request.post('/api/refill/requests', {
    data: {
      items: [{ drumId: drums[0]!.id, quantity: 1 }],
      siteId: drums[0]!.site.id,
      deliveryDate: workingDaysAhead(5),
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone: '+33612345678',
      poNumber: refillPo,
    },
    headers: { ...headers, 'idempotency-key': `journey-refill-${Date.now()}` },
  });
  expect(refillAsked.status()).toBe(201);
  const refill = (await refillAsked.json()) as { id: string; number: string };

  // The agent takes the quote on from the inbox, and prices it: 3 × 12.50 € less 10 %.
  await agent.goto('/backoffice?kind=quote');
  await expectAppInPlace(agent);
  await agent.getByRole('link', { name: quote.number }).click();
  await expect(
    agent.getByRole('heading', { level: 1, name: `Quote ${quote.number}` }),
  ).toBeVisible();
  await agent.getByRole('button', { name: 'Take it on' }).click();
  await expect(agent.getByTestId('assignee')).toHaveText('Handled by Ada Lovelace');
  await agent.getByRole('button', { name: 'Start the review' }).click();
  const pricing = agent.getByRole('form', { name: 'Price the quote' });
  await pricing.getByRole('textbox', { name: /^Unit price in euros/ }).fill('12.50');
  await pricing.getByRole('textbox', { name: 'Discount in percent' }).fill('10');
  await pricing.getByRole('textbox', { name: /^Valid until/ }).fill(typedDay(workingDaysAhead(15)));
  await pricing.getByRole('textbox', { name: /^Valid until/ }).press('Tab');
  await pricing.getByRole('button', { name: 'Send the offer' }).click();

  // 37.50 € less 10 % = 33.75 € before tax, 6.75 € of VAT at 20 %, 40.50 € with tax.
  const cents = { net: 3375, tax: 675, total: 4050 };
  const french = {
    net: `Total HT ${euros('fr', cents.net)}`,
    tax: `TVA (20 %) ${euros('fr', cents.tax)}`,
    total: `Total TTC ${euros('fr', cents.total)}`,
  };
  const english = {
    net: `Total excl. VAT ${euros('en', cents.net)}`,
    tax: `VAT (20%) ${euros('en', cents.tax)}`,
    total: `Total incl. VAT ${euros('en', cents.total)}`,
  };
  const agentFigures = agent.getByText(/^Total excl\. VAT /);
  await expect
    .poll(async () => flat(await agentFigures.innerText()))
    .toBe(`${english.net} · ${english.tax} · ${english.total}`);
  // The agent's copy of the offer, in English.
  const staffOffer = await pdfText(
    agent.request,
    `/api/backoffice/quotes/${quote.id}/offer`,
    'staff-offer',
  );
  for (const figure of Object.values(english)) expect(staffOffer).toContain(figure);

  // The buyer's mail, in French, with the same figures.
  const offerMail = flat(await mailText(buyerPage.request, buyer, quote.number));
  expect(offerMail).toContain(`Total HT : ${euros('fr', cents.net)}`);
  expect(offerMail).toContain(`TVA (20 %) : ${euros('fr', cents.tax)}`);
  expect(offerMail).toContain(`Total TTC : ${euros('fr', cents.total)}`);
  expect(offerMail).not.toContain(euros('fr', part.unitPriceCents * 3));

  // The buyer's page: the list and the quote's figures.
  await buyerPage.goto(`/spareparts?tab=quotes`);
  await expectAppInPlace(buyerPage);
  const listed = buyerPage
    .getByRole('table', { name: 'Mes devis' })
    .getByRole('row')
    .filter({ hasText: quote.number });
  await expect.poll(async () => flat(await listed.innerText())).toContain(euros('fr', cents.net));
  expect(flat(await listed.innerText())).toContain(euros('fr', cents.total));
  await buyerPage.goto(`/spareparts?tab=quotes&quote=${quote.id}`);
  const figures = buyerPage.getByLabel(`Montants du devis ${quote.number}`);
  await expect
    .poll(async () => flat(await figures.innerText()))
    .toContain(euros('fr', cents.total));
  const shown = flat(await figures.innerText());
  for (const [label, amount] of [
    ['Total HT', cents.net],
    ['TVA (20 %)', cents.tax],
    ['Total TTC', cents.total],
  ] as const) {
    expect(shown).toMatch(new RegExp(`${label.replace(/[()]/g, '\\$&')} ?${euros('fr', amount)}`));
  }

  // The buyer's offer PDF and quotes export, in French.
  const offer = await pdfText(
    buyerPage.request,
    `/api/documents/quotes/${quote.id}/offer`,
    'offer',
  );
  for (const figure of Object.values(french)) expect(offer).toContain(figure);
  const quotesCsv = await (await buyerPage.request.get('/api/exports/quotes?format=csv')).text();
  expect(quotesCsv).toContain('Total HT (€)');
  expect(quotesCsv).toContain('TVA (€)');
  expect(quotesCsv).toContain('Total TTC (€)');
  const quoteRow = quotesCsv.split(/\r?\n/).find((row) => row.includes(quote.number)) ?? '';
  for (const amount of ['33,75', '6,75', '40,50']) expect(quoteRow).toContain(amount);

  // The buyer accepts with a PO number; the PDF then carries it.
  const quotePo = `PO-Q-${Date.now().toString(36)}`;
  await buyerPage.getByRole('textbox', { name: 'Votre numéro de bon de commande' }).fill(quotePo);
  await buyerPage.getByRole('button', { name: "Accepter l'offre" }).click();
  await expect(buyerPage.getByText(quotePo).first()).toBeVisible();
  const accepted = await pdfText(
    buyerPage.request,
    `/api/documents/quotes/${quote.id}/offer`,
    'accepted-offer',
  );
  expect(accepted).toContain('Bon de commande');
  expect(accepted).toContain(quotePo);
  // The agent reads the acceptance, its PO number and the same figures, in English.
  await agent.reload();
  await expect(
    agent.getByRole('region', { name: 'History' }).getByText('Offer accepted', { exact: true }),
  ).toBeVisible();
  await expect(agent.getByRole('region', { name: 'What the customer asked' })).toContainText(
    `PO number: ${quotePo}`,
  );
  expect(flat(await agentFigures.innerText())).toBe(
    `${english.net} · ${english.tax} · ${english.total}`,
  );

  // The agent's refill item shows the PO number the buyer typed; confirmed, the delivery note
  // lists drums to deliver at the site's address; delivered, it says they were delivered.
  await agent.goto(`/backoffice/items/${refill.id}`);
  await expect(
    agent.getByRole('heading', { level: 1, name: `Refill request ${refill.number}` }),
  ).toBeVisible();
  await expect(agent.getByRole('region', { name: 'What the customer asked' })).toContainText(
    `PO number${refillPo}`,
  );
  await agent.getByRole('button', { name: 'Confirm' }).click();
  await expect(agent.getByRole('button', { name: 'Mark as scheduled' })).toBeVisible();
  const notePath = `/api/documents/refill-requests/${refill.id}/delivery-note`;
  const confirmedNote = await pdfText(buyerPage.request, notePath, 'confirmed-note');
  expect(confirmedNote).toContain(`Bon de livraison ${refill.number}`);
  // The note's facts sit in two columns: each is read on its own.
  for (const fact of ['Adresse de livraison', site.site, site.address, site.city, refillPo]) {
    expect(confirmedNote).toContain(fact);
  }
  expect(confirmedNote).toContain('Confirmée');
  expect(confirmedNote).toContain('Tourets à livrer');
  expect(confirmedNote).not.toMatch(/Livrée|livrés/);
  await agent.getByRole('button', { name: 'Mark as scheduled' }).click();
  await agent.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(agent.getByText('Nothing left to do on this item.')).toBeVisible();
  const deliveredNote = await pdfText(buyerPage.request, notePath, 'delivered-note');
  expect(deliveredNote).toContain('Tourets livrés');
  expect(deliveredNote).toContain('Livrée');
  expect(deliveredNote).not.toContain('Tourets à livrer');
  const refillsCsv = await (
    await buyerPage.request.get('/api/exports/refill-requests?format=csv')
  ).text();
  const refillRow = refillsCsv.split(/\r?\n/).find((row) => row.includes(refill.number)) ?? '';
  expect(refillRow).toContain(refillPo);

  // The viewer, in English, reads the accepted quote's figures and cannot act on it.
  const { context: viewerContext, page: viewerPage } = await joinInEnglish(
    browser,
    manager.request,
    { email: viewer, role: 'Viewer' },
    ['Alan', 'Turing'],
  );
  await viewerPage.goto(`/spareparts?tab=quotes&quote=${quote.id}`);
  const viewerFigures = viewerPage.getByLabel(`Figures of quote ${quote.number}`);
  await expect
    .poll(async () => flat(await viewerFigures.innerText()))
    .toContain(euros('en', cents.total));
  const viewerCsv = await (await viewerPage.request.get('/api/exports/quotes?format=csv')).text();
  const viewerRow = viewerCsv.split(/\r?\n/).find((row) => row.includes(quote.number)) ?? '';
  for (const amount of ['33.75', '6.75', '40.50']) expect(viewerRow).toContain(amount);
  const refused = await viewerPage.request.post(`/api/spareparts/quotes/${quote.id}/transition`, {
    data: { action: 'requote' },
    headers,
  });
  expect(refused.status()).toBe(403);

  for (const context of [managerContext, agentContext, adminContext, buyerContext, viewerContext]) {
    await context.close();
  }
});
