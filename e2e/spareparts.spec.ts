import { expect, test, type Page } from '@playwright/test';
import { answerConsentBeforeLoad } from './support/consent';
import {
  expectAppInPlace,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
} from './support/shell-session';
import { signIn } from './support/session';
import { viewportTagOf } from './support/viewports';

type Language = 'fr' | 'en';

interface Part {
  id: string;
  partNumber: string;
  designation: string;
  category: { id: string; name: string };
  supersededBy: { id: string; partNumber: string } | null;
}

/** The screen's words in each language (packages/locales/spareparts). */
const texts = {
  en: {
    title: 'Spare parts',
    found: /^(Parts found: |More than [\d,]+ parts found)/,
    search: /^Search/,
    category: /^Category/,
    equipment: /^Equipment/,
    sortBy: /^Sort by/,
    details: (partNumber: string) => `Details of part ${partNumber}`,
    detailsPrefix: /^Details of part /,
    add: (partNumber: string) => `Add ${partNumber} to the cart`,
    quantityOf: (partNumber: string) => `Quantity of ${partNumber}`,
    partDialog: (partNumber: string) => `Part ${partNumber}`,
    replacedBy: (partNumber: string) => `Replaced by ${partNumber}: open the replacement`,
    cannotAdd: 'This part has been replaced and can no longer be ordered.',
    unitPrice: /^Unit price/,
    priceHighFirst: 'Unit price, highest first',
    priceLowFirst: 'Unit price, lowest first',
    rowsPerPage: 'Rows per page',
    nextPage: 'Next page',
    range: (from: number, to: number, count: string, isCapped = false) =>
      `${from}–${to} of ${isCapped ? 'more than ' : ''}${count}`,
    reset: 'Clear the search and filters',
    noResult: 'No result',
    quantity: 'Quantity',
    addToCart: 'Add to the cart',
    added: (partNumber: string, quantity: number) =>
      `${partNumber} added to the cart (quantity: ${quantity}).`,
    close: 'Close',
    cartButton: (count: number) => `Open the cart (items: ${count})`,
    cart: 'Your cart',
    remove: (partNumber: string) => `Remove ${partNumber} from the cart`,
    items: (count: number) => `Items: ${count}`,
    comment: /^Comment/,
    request: 'Request a quote',
    sent: /^Quote request (QR-\d+) sent\.$/,
    seeQuotes: 'See my quotes',
    quotesTab: 'My quotes',
    quoteTitle: (number: string) => `Quote ${number}`,
    openQuote: (number: string) => `Open quote ${number}`,
    back: 'Back to my quotes',
    requested: 'Requested',
    message: 'Message',
    send: 'Send',
    palette: 'Command palette',
    paletteOpenPart: (partNumber: string) => new RegExp(`^Part ${partNumber}: `),
    paletteCart: 'Open the cart',
    notifications: 'Notifications',
  },
  fr: {
    title: 'Pièces détachées',
    found: /^(Pièces trouvées\s:\s|Plus de [\d\s]+ pièces trouvées)/,
    search: /^Rechercher/,
    category: /^Catégorie/,
    equipment: /^Équipement/,
    sortBy: /^Trier par/,
    details: (partNumber: string) => `Détails de la pièce ${partNumber}`,
    detailsPrefix: /^Détails de la pièce /,
    add: (partNumber: string) => `Ajouter ${partNumber} au panier`,
    quantityOf: (partNumber: string) => `Quantité de ${partNumber}`,
    partDialog: (partNumber: string) => `Pièce ${partNumber}`,
    replacedBy: (partNumber: string) =>
      `Remplacée par ${partNumber} : ouvrir la pièce de remplacement`,
    cannotAdd: 'Cette pièce a été remplacée et ne peut plus être commandée.',
    unitPrice: /^Prix unitaire/,
    priceHighFirst: 'Prix unitaire, décroissant',
    priceLowFirst: 'Prix unitaire, croissant',
    rowsPerPage: 'Lignes par page',
    nextPage: 'Page suivante',
    range: (from: number, to: number, count: string, isCapped = false) =>
      `${from}–${to} sur ${isCapped ? 'plus de ' : ''}${count}`,
    reset: 'Effacer la recherche et les filtres',
    noResult: 'Aucun résultat',
    quantity: 'Quantité',
    addToCart: 'Ajouter au panier',
    added: (partNumber: string, quantity: number) =>
      `${partNumber} ajoutée au panier (quantité : ${quantity}).`,
    close: 'Fermer',
    cartButton: (count: number) => `Ouvrir le panier (articles : ${count})`,
    cart: 'Votre panier',
    remove: (partNumber: string) => `Retirer ${partNumber} du panier`,
    items: (count: number) => `Articles : ${count}`,
    comment: /^Commentaire/,
    request: 'Demander un devis',
    sent: /^Demande de devis (QR-\d+) envoyée\.$/,
    seeQuotes: 'Voir mes devis',
    quotesTab: 'Mes devis',
    quoteTitle: (number: string) => `Devis ${number}`,
    openQuote: (number: string) => `Ouvrir le devis ${number}`,
    back: 'Retour à mes devis',
    requested: 'Demandé',
    message: 'Message',
    send: 'Envoyer',
    palette: 'Palette de commandes',
    paletteOpenPart: (partNumber: string) => new RegExp(`^Pièce ${partNumber} : `),
    paletteCart: 'Ouvrir le panier',
    notifications: 'Notifications',
  },
} as const;

const isPhone = () => test.info().project.name === 'phone';

async function openSpareParts(page: Page, lng: Language, path = '/spareparts'): Promise<void> {
  await answerConsentBeforeLoad(page);
  await page.addInitScript((language) => {
    window.localStorage.setItem('locale', language);
    document.cookie = `locale=${language}; path=/`;
  }, lng);
  await signIn(page, { firstName: 'Ada', lastName: 'Lovelace' });
  await page.goto(path);
  if (path.startsWith('/spareparts')) {
    await expect(page.getByRole('heading', { level: 1, name: texts[lng].title })).toBeVisible();
  }
}

/** The API as the signed-in page sees it. */
async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The announced count, as a number ("Pièces trouvées : 6 000" → 6000). */
async function shownCount(page: Page, lng: Language): Promise<number> {
  const text = await page.getByText(texts[lng].found).textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

async function expectCount(page: Page, lng: Language, count: number): Promise<void> {
  await expect.poll(() => shownCount(page, lng)).toBe(count);
}

const partButtons = (page: Page, lng: Language) =>
  page.getByRole('button', { name: texts[lng].detailsPrefix });

// Sign-in, the 6,000-part catalogue and axe on two shared cores take time.
test.describe.configure({ timeout: 90_000 });

for (const lng of ['en', 'fr'] as const) {
  // Each language on one viewport (French, the longer text, on the phone): both languages and
  // both layouts are covered at half the cost of every combination.
  test.describe(`spare parts (${lng}) ${viewportTagOf(lng)}`, () => {
    test('catalogue: search by number and by word, filters, sort, page size and paging in the URL', async ({
      page,
    }) => {
      const t = texts[lng];
      await openSpareParts(page, lng);
      const all = await api<{ total: number; totalCapped: boolean; items: Part[] }>(
        page,
        `/spareparts?pageSize=100&page=3&lang=${lng}`,
      );
      // The demo catalogue has thousands of parts; the API counts up to 1,000 ("more than").
      expect(all.total).toBe(1000);
      expect(all.totalCapped).toBe(true);
      await expectCount(page, lng, all.total);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);

      // A part-number prefix: the part is found, the search is in the URL and on the server.
      const target = all.items.find((part) => !part.supersededBy) ?? all.items[0]!;
      const search = page.getByRole('searchbox', { name: t.search });
      const prefix = target.partNumber.slice(0, -1);
      await search.fill(prefix);
      await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(prefix)}`));
      const byPrefix = await api<{ total: number }>(
        page,
        `/spareparts?search=${encodeURIComponent(prefix)}&lang=${lng}`,
      );
      await expectCount(page, lng, byPrefix.total);
      await expect(page.getByRole('button', { name: t.details(target.partNumber) })).toBeVisible();

      // A word of the designation, in the UI language.
      const word =
        target.designation
          .split(/[^\p{L}\d-]+/u)
          .filter((candidate) => candidate.length >= 5)
          .sort((a, b) => b.length - a.length)[0] ?? target.designation;
      await search.fill(word);
      const byWord = await api<{ total: number; items: Part[] }>(
        page,
        `/spareparts?search=${encodeURIComponent(word)}&lang=${lng}`,
      );
      expect(byWord.total).toBeGreaterThan(0);
      await expectCount(page, lng, byWord.total);
      await expect(partButtons(page, lng).first()).toHaveAccessibleName(
        t.details(byWord.items[0]!.partNumber),
      );
      await expectNoAxeViolations(page);

      // Category (grouped, searchable) then one of the account's units.
      await search.fill('');
      await expectCount(page, lng, all.total);
      await page.getByRole('combobox', { name: t.category }).click();
      await page.keyboard.type(target.category.name.slice(0, 4));
      await page.getByRole('option', { name: target.category.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`category=${target.category.id}`));
      const inCategory = await api<{ total: number }>(
        page,
        `/spareparts?category=${target.category.id}&lang=${lng}`,
      );
      await expectCount(page, lng, inCategory.total);
      await page.keyboard.press('Escape');

      const { equipment } = await api<{
        equipment: { id: string; serial: string; model: { name: string } }[];
      }>(page, `/spareparts/equipment?lang=${lng}`);
      expect(equipment.length).toBeGreaterThanOrEqual(5);
      const unit = equipment[0]!;
      await page.getByRole('combobox', { name: t.equipment }).click();
      await page.getByRole('option', { name: new RegExp(`^${unit.serial} `) }).click();
      await expect(page).toHaveURL(new RegExp(`equipment=${unit.id}`));
      const forUnit = await api<{ total: number }>(
        page,
        `/spareparts?category=${target.category.id}&equipment=${unit.id}&lang=${lng}`,
      );
      await expectCount(page, lng, forUnit.total);

      // Reload: the same view from the URL.
      await page.reload();
      await expectCount(page, lng, forUnit.total);
      await page.getByRole('button', { name: t.reset }).first().click();
      await expectCount(page, lng, all.total);
      await expect(page).not.toHaveURL(/category=|equipment=/);

      // Sort by price, most expensive first: column header on a desktop, the sort list on phones.
      const expensive = await api<{ items: Part[] }>(
        page,
        `/spareparts?sort=-unitPrice&lang=${lng}`,
      );
      if (isPhone()) {
        await page.getByRole('combobox', { name: t.sortBy }).click();
        await page.getByRole('option', { name: t.priceLowFirst }).click();
        await expect(page).toHaveURL(/sort=unitPrice/);
        await page.getByRole('combobox', { name: t.sortBy }).click();
        await page.getByRole('option', { name: t.priceHighFirst }).click();
      } else {
        const header = page.getByRole('columnheader', { name: t.unitPrice });
        await header.getByRole('button').click();
        await expect(header).toHaveAttribute('aria-sort', 'ascending');
        await expect(page).toHaveURL(/sort=unitPrice/);
        await header.getByRole('button').click();
        await expect(header).toHaveAttribute('aria-sort', 'descending');
      }
      await expect(page).toHaveURL(/sort=-unitPrice/);
      await expect(partButtons(page, lng).first()).toHaveAccessibleName(
        t.details(expensive.items[0]!.partNumber),
      );

      // 50 a page, then the next page; back returns to the first.
      // Intl writes the French thousands with a narrow no-break space; the page does too.
      const count = new Intl.NumberFormat(lng).format(all.total);
      await page.getByRole('combobox', { name: new RegExp(`^${t.rowsPerPage}`) }).click();
      await page.getByRole('option', { name: '50', exact: true }).click();
      await expect(page).toHaveURL(/pageSize=50/);
      await expect(page.getByText(t.range(1, 50, count, true))).toBeVisible();
      // The range follows the URL at once, the 50 cards come with the answer and push the page
      // buttons down: press "next" once the list has settled, not under a moving layout.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.getByRole('button', { name: t.nextPage }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText(t.range(51, 100, count, true))).toBeVisible();
      await page.goBack();
      await expect(page).not.toHaveURL(/page=2/);
      await expect(page.getByText(t.range(1, 50, count, true))).toBeVisible();
      await expectNoHorizontalScroll(page);
      if (isPhone()) {
        // The narrowest phone (WCAG 1.4.10): cards and controls still fit.
        await page.setViewportSize({ width: 320, height: 740 });
        await expect(page.getByRole('combobox', { name: t.sortBy })).toBeVisible();
        await expectNoHorizontalScroll(page);
      }
    });

    test('cart and quote: add parts, badge count, send a quote with a comment, history and a message', async ({
      page,
    }) => {
      const t = texts[lng];
      await openSpareParts(page, lng);
      const { items } = await api<{ items: Part[] }>(
        page,
        `/spareparts?pageSize=50&page=2&lang=${lng}`,
      );
      const [first, second] = items.filter((part) => !part.supersededBy);
      await page.goto('/spareparts?pageSize=50&page=2');

      // From the row (or card): a quantity of 2.
      const quantity = page.getByRole('spinbutton', { name: t.quantityOf(first!.partNumber) });
      await quantity.fill('2');
      await page.getByRole('button', { name: t.add(first!.partNumber) }).click();
      await expect(page.getByText(t.added(first!.partNumber, 2))).toBeVisible();
      await expect(page.getByRole('button', { name: t.cartButton(2) })).toBeVisible();

      // From the part's dialog, which is also a URL.
      await page.getByRole('button', { name: t.details(second!.partNumber) }).click();
      const dialog = page.getByRole('dialog', { name: t.partDialog(second!.partNumber) });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`part=${second!.id}`));
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: t.addToCart }).click();
      await expect(page.getByText(t.added(second!.partNumber, 1))).toBeVisible();
      await dialog.getByRole('button', { name: t.close }).first().click();
      await expect(dialog).toBeHidden();
      await expect(page).not.toHaveURL(/part=/);
      await expect(page.getByRole('button', { name: t.details(second!.partNumber) })).toBeFocused();
      // The page behind the dialog was inert; back in it, the badge says 2 + 1.
      await expect(page.getByRole('button', { name: t.cartButton(3) })).toBeVisible();

      // The cart: change a quantity, the totals follow; a comment; one quote for a double click.
      await page.getByRole('button', { name: t.cartButton(3) }).click();
      const cart = page.getByRole('dialog', { name: t.cart });
      await expect(cart.getByText(t.items(3))).toBeVisible();
      await cart.getByRole('spinbutton', { name: t.quantityOf(second!.partNumber) }).fill('4');
      await expect(cart.getByText(t.items(6))).toBeVisible();
      const comment = `Gate B, ${test.info().project.name} ${Date.now().toString(36)}`;
      await cart.getByRole('textbox', { name: t.comment }).fill(comment);
      await expectNoAxeViolations(page);
      // A double click sends one quote, and its second press, which may land beside the
      // shorter "sent" box, does not close the cart.
      await cart.getByRole('button', { name: t.request }).dblclick();
      const sent = cart.getByText(t.sent).first();
      await expect(sent).toBeVisible();
      const number = t.sent.exec((await sent.textContent()) ?? '')?.[1] ?? '';
      expect(number).toMatch(/^QR-\d+$/);
      // The success toast leaves the dialog's title in view, on a phone as on a desktop.
      // The toasts of the parts added earlier may still be closing: measure this one.
      const toast = page
        .getByRole('region', { name: t.notifications })
        .getByRole('status')
        .filter({ hasText: number });
      await expect(toast).toBeVisible();
      const [toastBox, titleBox] = await Promise.all([
        toast.boundingBox(),
        cart.getByRole('heading', { name: t.cart }).boundingBox(),
      ]);
      expect(toastBox && titleBox).toBeTruthy();
      if (toastBox && titleBox) {
        const overlaps =
          toastBox.y < titleBox.y + titleBox.height &&
          titleBox.y < toastBox.y + toastBox.height &&
          toastBox.x < titleBox.x + titleBox.width &&
          titleBox.x < toastBox.x + toastBox.width;
        expect(overlaps).toBe(false);
      }
      const { quotes } = await api<{ quotes: { number: string; comment: string | null }[] }>(
        page,
        `/spareparts/quotes?lang=${lng}`,
      );
      expect(quotes.filter((quote) => quote.comment === comment)).toHaveLength(1);

      // The history: the quote with its lines and comment; a message in its conversation.
      await cart.getByRole('button', { name: t.seeQuotes }).click();
      await expect(cart).toBeHidden();
      // The server emptied the cart.
      await expect(page.getByRole('button', { name: t.cartButton(0) })).toBeVisible();
      await expect(page).toHaveURL(/tab=quotes&quote=/);
      await expect(page.getByRole('heading', { name: t.quoteTitle(number) })).toBeFocused();
      await expect(page.getByText(comment)).toBeVisible();
      await expect(page.getByText(first!.partNumber, { exact: true })).toBeVisible();
      await page.getByRole('textbox', { name: t.message }).fill('Can you deliver before Friday?');
      await page.getByRole('button', { name: t.send }).click();
      await expect(page.getByText('Can you deliver before Friday?')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: t.back }).click();
      await expect(page.getByRole('button', { name: t.openQuote(number) })).toBeVisible();
      await expect(page.getByText(t.requested).filter({ visible: true }).first()).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  });
}

test.describe('spare parts', () => {
  test('a superseded part points to its replacement and cannot be added', async ({ page }) => {
    const t = texts.en;
    await openSpareParts(page, 'en');
    let superseded: Part | undefined;
    for (let pageNumber = 1; !superseded && pageNumber <= 20; pageNumber += 1) {
      const { items } = await api<{ items: Part[] }>(
        page,
        `/spareparts?pageSize=100&page=${pageNumber}&lang=en`,
      );
      superseded = items.find((part) => part.supersededBy);
    }
    expect(superseded, 'the demo catalogue has superseded parts').toBeDefined();
    const old = superseded!;
    const replacement = old.supersededBy!;
    await page.goto(`/spareparts?search=${encodeURIComponent(old.partNumber)}`);
    await expect(page.getByRole('button', { name: t.details(old.partNumber) })).toBeVisible();
    await expect(page.getByRole('button', { name: t.add(old.partNumber) })).toHaveCount(0);
    await expect(page.getByText(t.cannotAdd).filter({ visible: true }).first()).toBeVisible();
    await page
      .getByRole('button', { name: t.replacedBy(replacement.partNumber) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: t.partDialog(replacement.partNumber) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.details(old.partNumber) })).toBeVisible();
    await expect(dialog.getByRole('button', { name: t.addToCart })).toBeVisible();
  });

  test('the palette finds a part by number and opens it, and opens the cart', async ({ page }) => {
    const t = texts.en;
    await openSpareParts(page, 'en', '/refill');
    await expect(page.getByRole('heading', { level: 1, name: 'Refill' })).toBeVisible();
    await expectAppInPlace(page);
    const { items } = await api<{ items: Part[] }>(page, '/spareparts?page=7&lang=en');
    const part = items[3]!;
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: t.palette });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type(part.partNumber);
    await palette.getByRole('option', { name: t.paletteOpenPart(part.partNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/spareparts\\?part=${part.id}`));
    const dialog = page.getByRole('dialog', { name: t.partDialog(part.partNumber) });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.close }).first().click();
    await expect(dialog).toBeHidden();

    await page.keyboard.press('Control+k');
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('cart');
    await palette.getByRole('option', { name: t.paletteCart }).click();
    await expect(page.getByRole('dialog', { name: t.cart })).toBeVisible();
  });
});
