import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRoles, type CustomerRole } from '@portal/contract';
import { users } from '../../src/db/schema';
import { readPdf } from '../pdf';
import {
  createApiKey,
  createCustomer,
  createResources,
  signIn,
  startAccessSuiteServer,
  type Customer,
} from './fixtures';
import { fillPath, listOperations, type Operation } from './openapi-operations';
import {
  abilityByOperation,
  examples,
  machineKey,
  publicOperations,
  rolesWithAbility,
  type Resources,
} from './operation-examples';

/**
 * What staff keep internal never reaches a customer: with a marker planted in every staff-only
 * place (the account's internal notes, the internal notes on a refill request, a quote and a
 * collection, the provider's own audit trail), every read a customer can make — each GET of the
 * API a customer role or the account's key may call, walked from the router's routes, its
 * CSV exports and PDFs included — answers without any marker.
 */
const { server } = await startAccessSuiteServer();
const operations = await listOperations(server);

/** One marker per staff-only place, so a failure names the place that leaked. */
const markers = {
  accountNotes: 'marker-account-notes-5c1e',
  requestNote: 'marker-request-note-5c1e',
  quoteNote: 'marker-quote-note-5c1e',
  collectionNote: 'marker-collection-note-5c1e',
  providerTrail: 'marker-provider-trail-5c1e@provider.example',
};

const holds = (role: CustomerRole, operation: Operation) => {
  const ability = abilityByOperation[operation.name];
  return (
    ability === null || (ability && (rolesWithAbility[ability.join(' ')] ?? []).includes(role))
  );
};

/** Every read a customer may make: their session's GETs, and their account key's. */
const customerReads = operations.filter(
  (operation) =>
    operation.method === 'GET' &&
    !publicOperations.has(operation.name) &&
    (operation.bearer || customerRoles.some((role) => holds(role, operation))),
);

let me: Customer;
let resources: Resources;
const cookies = {} as Record<CustomerRole, string>;
let manager: string;

async function staffCookie(email: string, role: 'agent' | 'manager') {
  const cookie = await signIn(server, email);
  await server.database.db.update(users).set({ role }).where(eq(users.email, email));
  return cookie;
}

async function expectCreated(response: Promise<Response>) {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

beforeAll(async () => {
  me = await createCustomer(server, 'marked');
  cookies.admin = me.cookie;
  for (const role of ['buyer', 'viewer'] as const) {
    const email = `${role}-marked@example.com`;
    cookies[role] = await signIn(server, email);
    await server.database.db
      .update(users)
      .set({ accountId: me.accountId, role })
      .where(eq(users.email, email));
  }
  resources = await createResources(server, me, 'marked');
  machineKey.key = (await createApiKey(server, me)).key;
  manager = await staffCookie('manager-marked@provider.example', 'manager');
  const agent = await staffCookie('agent-marked@provider.example', 'agent');

  await expectCreated(
    server.request(`/api/backoffice/accounts/${me.accountId}`, {
      method: 'PUT',
      headers: { cookie: manager },
      json: { name: 'marked Ltd', verifiedDomains: [], notes: markers.accountNotes },
    }),
  );
  for (const [id, body] of [
    [resources.requestId, markers.requestNote],
    [resources.quoteId, markers.quoteNote],
    [resources.collectionId, markers.collectionNote],
  ] as const) {
    await expectCreated(
      server.request(`/api/backoffice/items/${id}/notes`, {
        headers: { cookie: agent },
        json: { body },
      }),
    );
  }
  // The documents exist once staff confirm the request and offer the quote.
  const transition = (id: string, body: unknown) =>
    server.request(`/api/backoffice/items/${id}/transition`, {
      headers: { cookie: agent },
      json: body,
    });
  await expectCreated(
    transition(resources.requestId, { action: 'confirm', deliveryDate: '2026-11-25' }),
  );
  const reviewed = await transition(resources.quoteId, { action: 'review' });
  const { quote } = (await reviewed.json()) as { quote: { lines: Array<{ lineId: string }> } };
  await expectCreated(
    transition(resources.quoteId, {
      action: 'offer',
      offer: {
        lines: quote.lines.map((line) => ({ lineId: line.lineId, unitPriceCents: 1234 })),
        validUntil: '2026-12-15',
      },
    }),
  );
  await expectCreated(
    server.request('/api/backoffice/staff', {
      headers: { cookie: manager },
      json: { email: markers.providerTrail, role: 'agent', locale: 'en' },
    }),
  );
});
afterAll(() => server.close());

/**
 * The answer as text: as sent, and for a PDF the words poppler reads from it too (a file the
 * customer uploaded may be no PDF poppler can read; its bytes are then all there is).
 */
/** What an event stream sends in its first second: it never ends by itself. */
async function streamStart(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const until = Date.now() + 1000;
  while (Date.now() < until) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), until - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return text;
}

async function textOf(response: Response, name: string): Promise<string> {
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    return streamStart(response);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const sent = new TextDecoder().decode(bytes);
  if (!response.headers.get('content-type')?.includes('application/pdf')) return sent;
  try {
    return `${sent}\n${readPdf(bytes, name).text}`;
  } catch {
    return sent;
  }
}

/** The operation as `role` (or the account's key) calls it, with or without its example's query. */
async function read(operation: Operation, query: Array<[string, string]>) {
  const example = examples[operation.name] ?? {};
  const path = fillPath(operation.path, example.params?.(resources) ?? {});
  const search = new URLSearchParams(query).toString();
  const role = customerRoles.find((candidate) => holds(candidate, operation));
  const headers: Record<string, string> = operation.bearer
    ? { authorization: `Bearer ${machineKey.key}` }
    : { cookie: cookies[role ?? 'admin'] };
  return server.request(`${path}${search ? `?${search}` : ''}`, {
    headers: { ...headers, ...example.headers?.() },
  });
}

describe('staff-only content in customer answers', () => {
  it('plants each marker where staff read it (the control)', async () => {
    const detail = await server.request(`/api/backoffice/accounts/${me.accountId}`, {
      headers: { cookie: manager },
    });
    expect(await detail.text()).toContain(markers.accountNotes);
    for (const [id, marker] of [
      [resources.requestId, markers.requestNote],
      [resources.quoteId, markers.quoteNote],
      [resources.collectionId, markers.collectionNote],
    ] as const) {
      const item = await server.request(`/api/backoffice/items/${id}`, {
        headers: { cookie: manager },
      });
      expect(await item.text()).toContain(marker);
    }
    const trail = await server.request('/api/backoffice/accounts/audit?action=staff.added', {
      headers: { cookie: manager },
    });
    expect(await trail.text()).toContain(markers.providerTrail);
    expect(customerReads.length).toBeGreaterThanOrEqual(20);
  });

  it.each(customerReads.map((operation) => [operation.name, operation] as const))(
    '%s answers a customer without any staff-only marker (JSON, CSV, PDF)',
    async (name, operation) => {
      const example = examples[name]?.query?.(resources) ?? [];
      // The example's filters, the export as CSV (text to search), and then no filter at all.
      const filtered = example.map(([key, value]): [string, string] =>
        key === 'format' ? [key, 'csv'] : [key, value],
      );
      const answers = [await read(operation, filtered), await read(operation, [])];
      expect(
        answers.map((answer) => answer.status).some((status) => status < 300),
        `${name} answered ${answers.map((answer) => answer.status).join(', ')}`,
      ).toBe(true);
      for (const [index, answer] of answers.entries()) {
        const text = await textOf(answer, `${operation.method}-${index}`);
        for (const [place, marker] of Object.entries(markers)) {
          expect(text, `${name} shows ${place}`).not.toContain(marker);
        }
      }
    },
  );
});
