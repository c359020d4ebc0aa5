import { asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Quote, SparePartDetail, SparePartPage } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  accounts,
  equipmentModels,
  installedEquipment,
  partCategories,
  partCompatibility,
  quoteRequests,
  quoteMessages,
  sites,
  spareParts,
  users,
} from '../../db/schema';
import { seedSparePartTaxonomy, seedSpareParts } from '../../seed/spare-parts-seed';
import { searchColumn } from '../../services/spareparts/search-text';
import { sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
/** Account A (with a CP-30 and an HP-7) and account B (with a DT-5), one user each. */
let a: Awaited<ReturnType<typeof account>>;
let b: Awaited<ReturnType<typeof account>>;
/** Parts whose text the search tests rely on. */
const known = { pulley: '', pulleyOld: '', seal: '' };

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' } });
  db = server.database.db;
  await seedSparePartTaxonomy(db);
  await seedSpareParts(db, 1100);
  const [rollers] = await db
    .select()
    .from(partCategories)
    .where(eq(partCategories.code, 'rollers'));
  const [seals] = await db.select().from(partCategories).where(eq(partCategories.code, 'seals'));
  const part = (partNumber: string, fr: string, en: string, categoryId: string, extra = {}) => ({
    partNumber,
    designationFr: fr,
    designationEn: en,
    categoryId,
    unitPriceCents: 12_345,
    stock: 0,
    leadTimeDays: 12,
    searchFr: searchColumn(fr),
    searchEn: searchColumn(en),
    ...extra,
  });
  const [pulley] = await db
    .insert(spareParts)
    .values(
      part(
        'ZQX-0000002',
        'Poulie de renvoi zébrée Ø320',
        'Striped return pulley Ø320',
        rollers!.id,
        { stock: 4 },
      ),
    )
    .returning();
  const [pulleyOld] = await db
    .insert(spareParts)
    .values(
      part(
        'ZQX-0000001',
        'Poulie de renvoi zébrée Ø320',
        'Striped return pulley Ø320',
        rollers!.id,
        {
          supersededById: pulley!.id,
        },
      ),
    )
    .returning();
  const [seal] = await db
    .insert(spareParts)
    .values(part('ZQY-0000001', 'Joint 100% étanche a_b', 'Seal 100% tight a_b', seals!.id))
    .returning();
  Object.assign(known, { pulley: pulley!.id, pulleyOld: pulleyOld!.id, seal: seal!.id });
  const models = await db.select().from(equipmentModels);
  const model = (code: string) => models.find((entry) => entry.code === code)!.id;
  await db.insert(partCompatibility).values([
    { partId: pulley!.id, modelId: model('CP-30') },
    { partId: seal!.id, modelId: model('DT-5') },
  ]);
  a = await account('alpha', ['CP-30', 'HP-7'], model);
  b = await account('bravo', ['DT-5'], model);
}, 60_000);
afterAll(() => server.close());

async function account(name: string, units: string[], model: (code: string) => string) {
  const [row] = await db.insert(accounts).values({ name }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: row!.id, name: `${name} site`, city: 'Lyon' })
    .returning();
  const equipment = await db
    .insert(installedEquipment)
    .values(
      units.map((code, index) => ({
        accountId: row!.id,
        siteId: site!.id,
        modelId: model(code),
        serial: `${name}-${code}-${index}`,
      })),
    )
    .returning();
  const email = `${name}@example.com`;
  return { accountId: row!.id, equipment, email, cookie: await signIn(email, row!.id) };
}

async function signIn(email: string, accountId: string) {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set({ accountId, role: 'admin' }).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  return sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}

const get = (path: string, cookie = a.cookie) => server.request(path, { headers: { cookie } });
async function page(query: string, cookie = a.cookie): Promise<SparePartPage> {
  const response = await get(`/api/spareparts?${query}`, cookie);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SparePartPage;
}

describe('GET /api/spareparts: search', () => {
  it('finds a part by the start of its part number, case ignored', async () => {
    const result = await page('search=zqx-000000');
    expect(result.items.map((part) => part.partNumber)).toEqual(['ZQX-0000001', 'ZQX-0000002']);
    expect(result.total).toBe(2);
  });

  it('finds a word of the designation in the chosen language, accents ignored', async () => {
    const fr = await page('search=ZEBREE&lang=fr');
    expect(fr.items.map((part) => part.designation)).toEqual([
      'Poulie de renvoi zébrée Ø320',
      'Poulie de renvoi zébrée Ø320',
    ]);
    expect((await page('search=striped&lang=fr')).total).toBe(0);
    const en = await page('search=striped pulley&lang=en');
    expect(en.items[0]).toMatchObject({
      designation: 'Striped return pulley Ø320',
      category: { code: 'rollers', name: 'Rollers and pulleys', group: { code: 'mechanical' } },
    });
  });

  it("uses the user's language when lang is absent", async () => {
    // New users are French speakers until they choose.
    expect((await page('search=zébrée')).total).toBe(2);
  });

  it('requires every word to match', async () => {
    expect((await page('search=zébrée joint&lang=fr')).total).toBe(0);
  });

  it('shows availability and the replacement of a superseded part', async () => {
    const [old, current] = (await page('search=ZQX')).items;
    expect(old).toMatchObject({
      stock: 0,
      leadTimeDays: 12,
      supersededBy: { id: known.pulley, partNumber: 'ZQX-0000002' },
    });
    expect(current).toMatchObject({ stock: 4, supersededBy: null, unitPriceCents: 12_345 });
    expect(current!.compatibleModels.map((model) => model.code)).toEqual(['CP-30']);
  });

  it('treats SQL and LIKE wildcards as plain text', async () => {
    for (const attempt of ["'; drop table spare_parts; --", "' or '1'='1 zqx", 'zqx%']) {
      const result = await page(`search=${encodeURIComponent(attempt)}`);
      expect(result.total, attempt).toBe(0);
    }
    // A wildcard typed by the user matches itself only: the one part with a % and a _.
    for (const attempt of ['100%', 'A_B 100%']) {
      const result = await page(`search=${encodeURIComponent(attempt)}`);
      expect(
        result.items.map((part) => part.id),
        attempt,
      ).toEqual([known.seal]);
    }
    // Alone, or with fewer than 3 letters or digits, they make no searchable word: refused,
    // never the whole catalogue.
    for (const attempt of ['%', '_', '-', '\\', 'a_b']) {
      expect((await get(`/api/spareparts?search=${encodeURIComponent(attempt)}`)).status).toBe(400);
    }
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(spareParts);
    expect(total).toBe(1103);
  });

  it('refuses a search over 100 characters', async () => {
    const response = await get(`/api/spareparts?search=${'x'.repeat(101)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'search', errorCode: 'field.too_long' }],
    });
  });
});

describe('GET /api/spareparts: filters', () => {
  it('lists only the parts of a category', async () => {
    const [seals] = await db.select().from(partCategories).where(eq(partCategories.code, 'seals'));
    const result = await page(`category=${seals!.id}&pageSize=100`);
    expect(result.total).toBeGreaterThan(0);
    expect(result.items.every((part) => part.category.code === 'seals')).toBe(true);
    const [{ expected } = { expected: 0 }] = await db
      .select({ expected: count() })
      .from(spareParts)
      .where(eq(spareParts.categoryId, seals!.id));
    expect(result.total).toBe(expected);
  });

  it("lists only the parts that fit one of the account's units", async () => {
    const cp30 = a.equipment.find((unit) => unit.serial.includes('CP-30'))!;
    const result = await page(`equipment=${cp30.id}&pageSize=100`);
    expect(result.total).toBeGreaterThan(1);
    expect(
      result.items.every((part) => part.compatibleModels.some((m) => m.code === 'CP-30')),
    ).toBe(true);
    const withSearch = await page(`equipment=${cp30.id}&search=zqx`);
    expect(withSearch.items.map((part) => part.id)).toEqual([known.pulley]);
  });

  it("refuses another account's unit as a filter", async () => {
    const response = await get(`/api/spareparts?equipment=${b.equipment[0]!.id}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'equipment', errorCode: 'field.invalid' }],
    });
  });

  it('refuses a malformed category', async () => {
    const response = await get('/api/spareparts?category=1%20or%201=1');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual([
      { field: 'category', errorCode: 'field.invalid' },
    ]);
  });
});

describe('GET /api/spareparts: sort and pages', () => {
  type Row = SparePartPage['items'][number];
  const sortKey: Record<string, (part: Row) => string | number> = {
    partNumber: (part: Row) => part.partNumber,
    designation: (part: Row) => part.designation,
    category: (part: Row) => part.category.name,
    availability: (part: Row) => (part.stock > 0 ? 0 : part.leadTimeDays),
    unitPrice: (part: Row) => part.unitPriceCents,
  };

  // With a search word, the matches are sorted rather than read in an index's order.
  for (const [column, key] of Object.entries(sortKey)) {
    it(`sorts on ${column}, ascending and descending, with and without a search`, async () => {
      for (const [descending, search] of [
        [false, ''],
        [true, ''],
        [false, '&search=ring'],
        [true, '&search=ring'],
      ] as const) {
        const { items } = await page(
          `sort=${descending ? '-' : ''}${column}&pageSize=100&lang=en${search}`,
        );
        expect(items.length).toBeGreaterThan(10);
        const values = items.map(key);
        const sorted = [...values].sort((x, y) =>
          typeof x === 'number' && typeof y === 'number'
            ? x - y
            : String(x) < String(y)
              ? -1
              : String(x) > String(y)
                ? 1
                : 0,
        );
        expect(values).toEqual(descending ? sorted.reverse() : sorted);
      }
    });
  }

  it('orders by part number without a sort', async () => {
    const { items } = await page('pageSize=50');
    const numbers = items.map((part) => part.partNumber);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('pages through everything exactly once', async () => {
    const [bearings] = await db
      .select()
      .from(partCategories)
      .where(eq(partCategories.code, 'bearings'));
    for (const query of [
      `category=${bearings!.id}&pageSize=25&sort=unitPrice`,
      `search=ring&lang=en&pageSize=25&sort=-unitPrice`,
    ]) {
      const seen = new Set<string>();
      const first = await page(query);
      expect(first.total).toBeGreaterThan(25);
      for (let index = 1; index <= Math.ceil(first.total / 25); index++) {
        for (const part of (await page(`${query}&page=${index}`)).items) seen.add(part.id);
      }
      expect(seen.size).toBe(first.total);
    }
  });

  it('counts up to 1,000 matches and says when there are more', async () => {
    expect(await page('pageSize=25')).toMatchObject({ total: 1000, totalCapped: true });
    const [seals] = await db.select().from(partCategories).where(eq(partCategories.code, 'seals'));
    const [{ exact } = { exact: 0 }] = await db
      .select({ exact: count() })
      .from(spareParts)
      .where(eq(spareParts.categoryId, seals!.id));
    expect(await page(`category=${seals!.id}`)).toMatchObject({ total: exact, totalCapped: false });
  });

  it('with a search, counts the sorted matches, past the end too', async () => {
    const [{ exact } = { exact: 0 }] = await db
      .select({ exact: count() })
      .from(spareParts)
      .where(like(spareParts.searchEn, '%bearing%'));
    expect(exact).toBeGreaterThan(25);
    const expected = { total: exact, totalCapped: false };
    expect(await page('search=bearing&lang=en')).toMatchObject(expected);
    expect(await page('search=bearing&lang=en&page=40')).toMatchObject({ ...expected, items: [] });
  });

  it('answers an empty page past the end', async () => {
    const [seals] = await db.select().from(partCategories).where(eq(partCategories.code, 'seals'));
    const result = await page(`category=${seals!.id}&page=20&pageSize=50`);
    expect(result).toMatchObject({ items: [], totalCapped: false, page: 20, pageSize: 50 });
  });

  it('refuses a page that starts past the 1,000th match (no deep offset to scan through)', async () => {
    expect((await page('page=40&pageSize=25')).items).toHaveLength(25);
    expect((await page('page=10&pageSize=100')).items).toHaveLength(100);
    for (const query of ['page=41&pageSize=25', 'page=11&pageSize=100', 'page=100000']) {
      const response = await get(`/api/spareparts?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({
        message: 'request.invalid',
        errors: [{ field: 'page', errorCode: 'field.page_too_deep' }],
      });
    }
  });

  it('refuses a search without a word of 3 characters or more (it could only be a scan)', async () => {
    for (const search of ['a', 'zq', 'ab cd', ' x ', '-', 'é']) {
      const response = await get(`/api/spareparts?search=${encodeURIComponent(search)}`);
      expect(response.status, search).toBe(400);
      expect(await response.json()).toEqual({
        message: 'request.invalid',
        errors: [{ field: 'search', errorCode: 'field.too_short' }],
      });
    }
    expect((await page('search=')).total).toBe(1000);
    expect((await page('search=zqx')).total).toBe(2);
    expect((await page('search=zq%20striped&lang=en')).total).toBe(2);
  });

  it.each([
    ['pageSize=10', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['sort=price', 'sort'],
    ['sort=--partNumber', 'sort'],
    ['lang=de', 'lang'],
  ])('refuses %s', async (query, field) => {
    const response = await get(`/api/spareparts?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: { field: string }[] };
    expect(body.message).toBe('request.invalid');
    expect(body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
  });
});

describe('part detail, categories and equipment', () => {
  it('gives a part with what it replaces and which units it fits', async () => {
    const response = await get(`/api/spareparts/${known.pulley}?lang=en`);
    expect(response.status).toBe(200);
    const detail = (await response.json()) as SparePartDetail;
    expect(detail.replaces).toEqual([{ id: known.pulleyOld, partNumber: 'ZQX-0000001' }]);
    expect(detail.fitsEquipment).toEqual([
      { id: expect.any(String), serial: 'alpha-CP-30-0', modelName: 'Cable puller CP-30' },
    ]);
    // Another account sees the part, but none of account A's units.
    const seenByB = (await (
      await get(`/api/spareparts/${known.pulley}`, b.cookie)
    ).json()) as SparePartDetail;
    expect(seenByB.fitsEquipment).toEqual([]);
  });

  it('finds a part by its exact number, case ignored, and 404s otherwise', async () => {
    const response = await get('/api/spareparts/by-number/zqy-0000001');
    expect(((await response.json()) as SparePartDetail).id).toBe(known.seal);
    expect((await get('/api/spareparts/by-number/ZQY-000000')).status).toBe(404);
    expect((await get('/api/spareparts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/spareparts/not-a-uuid')).status).toBe(400);
  });

  it('lists the categories in their groups', async () => {
    const { categories } = (await (await get('/api/spareparts/categories?lang=fr')).json()) as {
      categories: { group: { code: string; name: string } }[];
    };
    expect(categories).toHaveLength(17);
    expect(categories[0]?.group).toEqual({ code: 'mechanical', name: 'Mécanique' });
    expect(new Set(categories.map((c: { group: { code: string } }) => c.group.code))).toEqual(
      new Set(['mechanical', 'hydraulics', 'electrical', 'consumables']),
    );
  });

  it("lists only the account's own equipment", async () => {
    const { equipment } = (await (await get('/api/spareparts/equipment?lang=en')).json()) as {
      equipment: { model: { name: string } }[];
    };
    expect(equipment.map((unit: { model: { name: string } }) => unit.model.name).sort()).toEqual([
      'Cable puller CP-30',
      'Hydraulic power pack HP-7',
    ]);
  });
});

describe('access', () => {
  const paths = [
    '/api/spareparts',
    '/api/spareparts/categories',
    '/api/spareparts/equipment',
    '/api/spareparts/cart',
    '/api/spareparts/quotes',
  ];

  it('needs a session', async () => {
    for (const path of paths) expect((await server.request(path)).status, path).toBe(401);
  });

  it('needs get spareparts', async () => {
    const cookie = await signIn('refill-only@example.com', a.accountId);
    // Through the server, which forgets the sessions it cached for that user.
    const changed = await server.request('/api/dev/users/rules', {
      method: 'PUT',
      json: { email: 'refill-only@example.com', rules: [{ action: 'get', subject: 'refill' }] },
    });
    expect(changed.status).toBe(204);
    for (const path of paths) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ message: 'auth.forbidden' });
    }
  });
});

describe('cart', () => {
  const put = (partId: string, quantity: unknown, cookie = a.cookie) =>
    server.request(`/api/spareparts/cart/lines/${partId}?lang=en`, {
      method: 'PUT',
      headers: { cookie },
      json: { quantity },
    });

  it('adds, changes and removes lines, with totals', async () => {
    let response = await put(known.pulley, 2);
    expect(response.status).toBe(200);
    await put(known.seal, 1);
    response = await put(known.pulley, 3);
    let cart = (await response.json()) as Cart;
    expect(
      cart.lines.map((line) => [line.part.partNumber, line.quantity, line.lineTotalCents]),
    ).toEqual([
      ['ZQX-0000002', 3, 37_035],
      ['ZQY-0000001', 1, 12_345],
    ]);
    expect(cart).toMatchObject({ itemCount: 4, totalCents: 49_380, currency: 'EUR' });
    // The cart is the user's, not the account's: B's is empty.
    expect(((await (await get('/api/spareparts/cart', b.cookie)).json()) as Cart).lines).toEqual(
      [],
    );

    response = await server.request(`/api/spareparts/cart/lines/${known.seal}`, {
      method: 'DELETE',
      headers: { cookie: a.cookie },
    });
    cart = (await response.json()) as Cart;
    expect(cart.itemCount).toBe(3);
    await server.request(`/api/spareparts/cart/lines/${known.pulley}`, {
      method: 'DELETE',
      headers: { cookie: a.cookie },
    });
  });

  it('refuses a superseded part with the code that points to its replacement', async () => {
    const response = await put(known.pulleyOld, 1);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'spareparts.part_superseded' });
  });

  it('refuses bad quantities and unknown parts', async () => {
    for (const quantity of [0, -1, 1.5, 1000, '2', null]) {
      const response = await put(known.pulley, quantity);
      expect(response.status, String(quantity)).toBe(400);
    }
    expect((await put('00000000-0000-4000-8000-000000000000', 1)).status).toBe(404);
    expect(((await (await get('/api/spareparts/cart')).json()) as Cart).lines).toEqual([]);
  });
});

describe('quotes', () => {
  const submit = (body: unknown, key: string, cookie = a.cookie) =>
    server.request('/api/spareparts/quotes?lang=en', {
      headers: { cookie, 'idempotency-key': key },
      json: body,
    });
  const quoteCount = async () =>
    (await db.select({ total: count() }).from(quoteRequests))[0]?.total ?? 0;

  it('refuses an empty cart and writes nothing', async () => {
    const before = await quoteCount();
    const response = await submit({}, 'empty-cart-key-1');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'spareparts.cart_empty' });
    expect(await quoteCount()).toBe(before);
  });

  it('needs an Idempotency-Key', async () => {
    const response = await server.request('/api/spareparts/quotes', {
      headers: { cookie: a.cookie },
      json: {},
    });
    expect(response.status).toBe(400);
  });

  it('turns the cart into a quote once per key, with the conversation opened', async () => {
    await server.request(`/api/spareparts/cart/lines/${known.pulley}`, {
      method: 'PUT',
      headers: { cookie: a.cookie },
      json: { quantity: 2 },
    });
    const before = await quoteCount();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => submit({ comment: ' <b>Urgent</b> ' }, 'quote-key-0001')),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
    const quotes = (await Promise.all(responses.map((response) => response.json()))) as Quote[];
    expect(new Set(quotes.map((quote) => quote.id)).size).toBe(1);
    expect(await quoteCount()).toBe(before + 1);
    expect(quotes[0]).toMatchObject({
      number: expect.stringMatching(/^QR-\d{6}$/),
      status: 'requested',
      comment: '<b>Urgent</b>',
      lines: [
        {
          partNumber: 'ZQX-0000002',
          designation: 'Striped return pulley Ø320',
          quantity: 2,
          unitPriceCents: 12_345,
          lineTotalCents: 24_690,
        },
      ],
      // Before an offer: the catalogue's prices, no discount, 20 % VAT.
      figures: { netCents: 24_690, taxCents: 4938, totalCents: 29_628 },
      offer: null,
    });
    // The cart was emptied, and a new key with it empty is refused.
    expect(((await (await get('/api/spareparts/cart')).json()) as Cart).itemCount).toBe(0);
    expect((await submit({}, 'quote-key-0002')).status).toBe(400);

    const listed = (await (await get('/api/spareparts/quotes?lang=en')).json()) as {
      quotes: Quote[];
    };
    expect(listed.quotes.map((quote) => quote.id)).toContain(quotes[0]!.id);
    expect(
      ((await (await get('/api/spareparts/quotes', b.cookie)).json()) as { quotes: Quote[] })
        .quotes,
    ).toEqual([]);

    const messagesPath = `/api/spareparts/quotes/${quotes[0]!.id}/messages`;
    const opened = (await (await get(`${messagesPath}?lang=en`)).json()) as { messages: unknown[] };
    expect(opened.messages).toEqual([
      expect.objectContaining({ author: 'service', authorName: 'Customer service' }),
    ]);
    const sent = await server.request(messagesPath, {
      headers: { cookie: a.cookie },
      json: { body: 'Can you deliver to Lyon?' },
    });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({
      author: 'customer',
      body: 'Can you deliver to Lyon?',
    });

    // Another account cannot read or write the conversation, nor learn the quote exists.
    expect((await get(messagesPath, b.cookie)).status).toBe(404);
    const intruder = await server.request(messagesPath, {
      headers: { cookie: b.cookie },
      json: { body: 'hello' },
    });
    expect(intruder.status).toBe(404);
    const rows = await db
      .select()
      .from(quoteMessages)
      .where(eq(quoteMessages.quoteId, quotes[0]!.id))
      .orderBy(asc(quoteMessages.createdAt));
    expect(rows).toHaveLength(2);

    // A page at a time, never more than the maximum.
    const firstPage = (await (await get('/api/spareparts/quotes?limit=1')).json()) as {
      quotes: Quote[];
      nextOffset: number | null;
    };
    expect(firstPage.quotes).toHaveLength(1);
    const tooLarge = await get('/api/spareparts/quotes?limit=201');
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'limit', errorCode: 'field.page_too_large' }],
    });
    const oneMessage = (await (await get(`${messagesPath}?limit=1&offset=1`)).json()) as {
      messages: Array<{ body: string }>;
      nextOffset: number | null;
    };
    expect(oneMessage).toMatchObject({
      messages: [{ body: 'Can you deliver to Lyon?' }],
      nextOffset: null,
    });

    // The conversation takes 10 messages a minute (the default), the one above included.
    const write = () =>
      server.request(messagesPath, { headers: { cookie: a.cookie }, json: { body: 'More' } });
    for (let i = 0; i < 9; i++) expect((await write()).status).toBe(201);
    const limited = await write();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'conversation.too_many_messages' });
  });

  it('quotes one cart once even when two keys race', async () => {
    await server.request(`/api/spareparts/cart/lines/${known.seal}`, {
      method: 'PUT',
      headers: { cookie: a.cookie },
      json: { quantity: 1 },
    });
    const before = await quoteCount();
    const statuses = await Promise.all(
      ['race-key-000001', 'race-key-000002', 'race-key-000003'].map(
        async (key) => (await submit({}, key)).status,
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(2);
    expect(await quoteCount()).toBe(before + 1);
  });
});
