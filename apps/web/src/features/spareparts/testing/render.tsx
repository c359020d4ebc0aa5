// Test support only (imported by *.test.tsx): the spare-parts texts, a router, and a fake API
// that answers like the real one (search, filters, sort, pages, cart, idempotent quotes).
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type {
  Cart,
  InstalledEquipment,
  Message,
  PartCategory,
  Quote,
  SparePartDetail,
  SparePartSummary,
} from '@portal/contract';
import { priceFigures, SPARE_PART_COUNT_CAP } from '@portal/contract';
import { initTestI18n } from '@/lib/testing/i18n-for-tests';
import sparePartsEn from '../../../../../../packages/locales/spareparts/en.json';
import sparePartsFr from '../../../../../../packages/locales/spareparts/fr.json';

export async function initSparePartsI18n(language: 'fr' | 'en' = 'en') {
  // findBy/waitFor wait up to 5 s: the first render of a run transforms the kit's modules, and
  // the table renders from deferred values, which is slow on a busy 2-core machine.
  configure({ asyncUtilTimeout: 5000 });
  const instance = await initTestI18n(language);
  instance.addResourceBundle('en', 'spareparts', sparePartsEn);
  instance.addResourceBundle('fr', 'spareparts', sparePartsFr);
  await instance.changeLanguage(language);
  return instance;
}

/** Renders `element` at `path` (a real data router, so search params and history behave). */
export function renderWithRouter(element: ReactNode, path = '/spareparts') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/spareparts', element }], {
    initialEntries: [path],
  });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const uuid = (prefix: string, n: number) =>
  `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const categories: PartCategory[] = [
  {
    id: uuid('c0000001', 1),
    code: 'BRG',
    name: 'Bearings',
    group: { code: 'MECH', name: 'Mechanical' },
  },
  {
    id: uuid('c0000001', 2),
    code: 'FLT',
    name: 'Filters',
    group: { code: 'FLUID', name: 'Fluids' },
  },
  {
    id: uuid('c0000001', 3),
    code: 'SEAL',
    name: 'Seals',
    group: { code: 'MECH', name: 'Mechanical' },
  },
];

const models = [
  { id: uuid('e0000001', 1), code: 'WX-200', name: 'Winder WX-200' },
  { id: uuid('e0000001', 2), code: 'SP-90', name: 'Spooler SP-90' },
];

export const equipment: InstalledEquipment[] = [
  {
    id: uuid('e0000002', 1),
    serial: 'WX200-0001',
    model: models[0]!,
    site: { id: uuid('50000001', 1), name: 'Lyon plant' },
  },
  {
    id: uuid('e0000002', 2),
    serial: 'SP90-0042',
    model: models[1]!,
    site: { id: uuid('50000001', 2), name: 'Nantes depot' },
  },
];

let partCounter = 0;

/** A part with plausible values; override what a test is about. */
export function makePart(overrides: Partial<SparePartSummary> = {}): SparePartSummary {
  partCounter += 1;
  return {
    id: uuid('a0000000', partCounter),
    partNumber: `PN-${String(partCounter).padStart(5, '0')}`,
    designation: `Part ${partCounter}`,
    category: categories[0]!,
    compatibleModels: [models[0]!],
    unitPriceCents: 1000 + partCounter,
    currency: 'EUR',
    stock: 5,
    leadTimeDays: 0,
    supersededBy: null,
    ...overrides,
  };
}

/** A small catalogue: bearings and filters for two models, one superseded bearing. */
export function makeCatalogue(): SparePartSummary[] {
  const bearing = makePart({
    partNumber: 'BRG-6204',
    designation: 'Deep groove ball bearing 6204',
    unitPriceCents: 1250,
    stock: 12,
  });
  const oldBearing = makePart({
    partNumber: 'BRG-6204-OLD',
    designation: 'Ball bearing 6204 (old series)',
    unitPriceCents: 990,
    stock: 0,
    leadTimeDays: 30,
    supersededBy: { id: bearing.id, partNumber: bearing.partNumber },
  });
  const filter = makePart({
    partNumber: 'FLT-0100',
    designation: 'Hydraulic oil filter',
    category: categories[1]!,
    compatibleModels: [models[1]!],
    unitPriceCents: 4590,
    stock: 0,
    leadTimeDays: 14,
  });
  const seal = makePart({
    partNumber: 'SEAL-22',
    designation: 'Shaft seal 22 mm',
    category: categories[2]!,
    compatibleModels: [models[0]!, models[1]!],
    unitPriceCents: 320,
    stock: 40,
  });
  const more = Array.from({ length: 56 }, (_, index) =>
    makePart({
      partNumber: `GEN-${String(index + 1).padStart(3, '0')}`,
      designation: `Generic fastener ${index + 1}`,
      category: categories[2]!,
      unitPriceCents: 100 + index,
    }),
  );
  return [bearing, oldBearing, filter, seal, ...more];
}

export interface FakeApiOptions {
  parts?: SparePartSummary[];
  /** Like the server's SPARE_PART_COUNT_CAP: matches are counted up to this many. */
  countCap?: number;
  /** Answers a request before the fake does (errors, delays); return undefined to fall through. */
  intercept?: (request: {
    method: string;
    path: string;
    url: URL;
    body: unknown;
    headers: Record<string, string>;
  }) => Response | Promise<Response> | undefined;
}

export interface FakeApi {
  fetch: ReturnType<typeof vi.fn>;
  /** Every call, in order. */
  calls: { method: string; url: URL; body: unknown; headers: Record<string, string> }[];
  /** The list calls' query strings, e.g. `search=brg&page=1&pageSize=25&lang=en`. */
  listQueries(): URLSearchParams[];
  cart: Map<string, number>;
  quotes: Quote[];
  messages: Map<string, Message[]>;
}

const sortValue = (part: SparePartSummary, column: string): string | number => {
  switch (column) {
    case 'partNumber':
      return part.partNumber;
    case 'designation':
      return part.designation;
    case 'category':
      return part.category.name;
    case 'availability':
      return part.stock > 0 ? -part.stock : part.leadTimeDays;
    default:
      return part.unitPriceCents;
  }
};

/** A page of a list, as the API pages every list (`offset`, `limit`, `nextOffset`). */
function pageOf<T>(list: T[], query: URLSearchParams, defaultLimit: number) {
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? defaultLimit);
  const end = offset + limit;
  return { items: list.slice(offset, end), nextOffset: end < list.length ? end : null };
}

/** Installs a fake `/api/spareparts` on `fetch` (vi.stubGlobal); undo with vi.unstubAllGlobals. */
export function installFakeApi(options: FakeApiOptions = {}): FakeApi {
  const parts = options.parts ?? makeCatalogue();
  const countCap = options.countCap ?? SPARE_PART_COUNT_CAP;
  const cart = new Map<string, number>();
  const quotes: Quote[] = [];
  const quotesByKey = new Map<string, Quote>();
  const messages = new Map<string, Message[]>();
  const calls: FakeApi['calls'] = [];

  const cartBody = (): Cart => {
    const lines = [...cart.entries()].map(([partId, quantity]) => {
      const part = parts.find((candidate) => candidate.id === partId)!;
      return { part, quantity, lineTotalCents: part.unitPriceCents * quantity };
    });
    return {
      lines,
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
      currency: 'EUR',
    };
  };

  const detail = (part: SparePartSummary): SparePartDetail => ({
    ...part,
    replaces: parts
      .filter((candidate) => candidate.supersededBy?.id === part.id)
      .map((old) => ({ id: old.id, partNumber: old.partNumber })),
    fitsEquipment: equipment
      .filter((unit) => part.compatibleModels.some((model) => model.id === unit.model.id))
      .map((unit) => ({ id: unit.id, serial: unit.serial, modelName: unit.model.name })),
  });

  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, headers });
    const path = url.pathname.replace(/^\/api/, '');
    const intercepted = await options.intercept?.({ method, path, url, body, headers });
    if (intercepted) return intercepted;
    const notFound = () => jsonResponse({ message: 'request.not_found' }, 404);

    if (path === '/spareparts' && method === 'GET') {
      const query = url.searchParams;
      const words = (query.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const unit = equipment.find((candidate) => candidate.id === query.get('equipment'));
      let found = parts.filter(
        (part) =>
          words.every(
            (word) =>
              part.partNumber.toLowerCase().startsWith(word) ||
              part.designation.toLowerCase().split(/\s+/).includes(word),
          ) &&
          (!query.get('category') || part.category.id === query.get('category')) &&
          (!query.get('equipment') ||
            (unit !== undefined && part.compatibleModels.some((m) => m.id === unit.model.id))),
      );
      const sort = query.get('sort');
      if (sort) {
        const column = sort.replace(/^-/, '');
        const direction = sort.startsWith('-') ? -1 : 1;
        found = [...found].sort((a, b) => {
          const left = sortValue(a, column);
          const right = sortValue(b, column);
          return (left < right ? -1 : left > right ? 1 : 0) * direction;
        });
      }
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 25);
      return jsonResponse({
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: Math.min(found.length, countCap),
        totalCapped: found.length > countCap,
        page,
        pageSize,
      });
    }
    if (path === '/spareparts/categories') return jsonResponse({ categories });
    if (path === '/spareparts/equipment') return jsonResponse({ equipment });
    if (path === '/spareparts/cart' && method === 'GET') return jsonResponse(cartBody());
    const line = /^\/spareparts\/cart\/lines\/([^/]+)$/.exec(path);
    if (line) {
      const part = parts.find((candidate) => candidate.id === line[1]);
      if (!part) return notFound();
      if (method === 'DELETE') {
        cart.delete(part.id);
        return jsonResponse(cartBody());
      }
      if (part.supersededBy) return jsonResponse({ message: 'spareparts.part_superseded' }, 400);
      cart.set(part.id, (body as { quantity: number }).quantity);
      return jsonResponse(cartBody());
    }
    if (path === '/spareparts/quotes' && method === 'GET') {
      const { items, nextOffset } = pageOf([...quotes].reverse(), url.searchParams, 50);
      return jsonResponse({ quotes: items, nextOffset });
    }
    if (path === '/spareparts/quotes' && method === 'POST') {
      const key = headers['Idempotency-Key'] ?? '';
      const known = quotesByKey.get(key);
      if (known) return jsonResponse(known, 201);
      const current = cartBody();
      if (current.lines.length === 0) {
        return jsonResponse({ message: 'spareparts.cart_empty' }, 400);
      }
      const lines = current.lines.map((entry) => ({
        partId: entry.part.id,
        partNumber: entry.part.partNumber,
        designation: entry.part.designation,
        quantity: entry.quantity,
        unitPriceCents: entry.part.unitPriceCents,
        lineTotalCents: entry.lineTotalCents,
      }));
      const quote: Quote = {
        id: uuid('90000000', quotes.length + 1),
        number: `QR-${String(quotes.length + 1).padStart(6, '0')}`,
        status: 'requested',
        createdAt: '2026-11-20T08:00:00.000Z',
        comment: (body as { comment?: string }).comment ?? null,
        lines,
        figures: priceFigures(lines, 0, 2000),
        currency: 'EUR',
        offer: null,
        poNumber: null,
        statusReason: null,
        turn: 'provider',
        handledBy: null,
        unread: false,
        timeline: [],
      };
      quotes.push(quote);
      quotesByKey.set(key, quote);
      cart.clear();
      return jsonResponse(quote, 201);
    }
    const thread = /^\/spareparts\/quotes\/([^/]+)\/messages$/.exec(path);
    if (thread) {
      const id = thread[1] ?? '';
      if (!quotes.some((quote) => quote.id === id)) return notFound();
      const list = messages.get(id) ?? [];
      if (method === 'POST') {
        const message: Message = {
          id: uuid('77777777', list.length + 1),
          author: 'customer',
          authorName: 'Ada Lovelace',
          body: (body as { body: string }).body,
          createdAt: new Date().toISOString(),
        };
        messages.set(id, [...list, message]);
        return jsonResponse(message, 201);
      }
      const { items, nextOffset } = pageOf(list, url.searchParams, 200);
      return jsonResponse({ messages: items, nextOffset });
    }
    const byId = /^\/spareparts\/([^/]+)$/.exec(path);
    if (byId) {
      const part = parts.find((candidate) => candidate.id === byId[1]);
      return part ? jsonResponse(detail(part)) : notFound();
    }
    return notFound();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls,
    listQueries: () =>
      calls
        .filter((call) => call.method === 'GET' && call.url.pathname === '/api/spareparts')
        .map((call) => call.url.searchParams),
    cart,
    quotes,
    messages,
  };
}
