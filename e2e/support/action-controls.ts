import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { root } from './browser-and-server';

/**
 * The screens' controls that act (they change something on the server, or open the form that
 * does), each with the API call it leads to. The ability a call needs is not written here: it is
 * the server's, read from its routes' requireAbility checks (`routeAbilitiesOf`). A control is
 * named by its translation key (`namespace:key`), so the same table reads a screen in either
 * language. Navigation and reading controls (tabs of lists, details, filters, exports of what the
 * user may read) are not here, since every signed-in user of the page may use them.
 */
export interface ActionControl {
  name: `${string}:${string}`;
  call: string;
  /**
   * The pages (page-map names) the control is on, when its text is also another page's control
   * of another ability; every page otherwise.
   */
  pages?: readonly string[];
}

export const actionControls: readonly ActionControl[] = [
  // Refill: a request, a reading, a release, an answer to a proposal.
  { name: 'refill:overview.selectDrum', call: 'POST /api/refill/requests' },
  {
    name: 'refill:overview.requestSelected',
    call: 'POST /api/refill/requests',
  },
  { name: 'refill:request.start', call: 'POST /api/refill/requests' },
  { name: 'refill:tabs.request', call: 'POST /api/refill/requests' },
  { name: 'refill:request.submit', call: 'POST /api/refill/requests' },
  {
    name: 'refill:reading.submit',
    call: 'POST /api/refill/drums/:id/readings',
  },
  {
    name: 'refill:collection.releaseDrum',
    call: 'POST /api/refill/collections',
  },
  {
    name: 'refill:proposals.confirmLabel',
    call: 'POST /api/refill/proposals/:id/confirm',
  },
  {
    name: 'refill:proposals.reviewLabel',
    call: 'POST /api/refill/requests',
  },
  {
    name: 'refill:proposals.dismissLabel',
    call: 'POST /api/refill/proposals/:id/dismiss',
  },
  {
    name: 'refill:handling.cancel',
    call: 'POST /api/refill/requests/:id/transition',
  },
  {
    name: 'refill:conversation.orderAgain',
    call: 'POST /api/refill/requests',
  },
  { name: 'refill:alerts.save', call: 'PUT /api/refill/alerts' },
  // Labels: "Print labels" reads the same on both sides, each side's on its own page.
  {
    name: 'refill:overview.printLabels',
    call: 'GET /api/documents/drum-labels',
    pages: ['refill'],
  },
  {
    name: 'accounts:drums.printLabels',
    call: 'GET /api/backoffice/accounts/:id/drum-labels',
    pages: ['backofficeAccount'],
  },
  {
    name: 'refill:alerts.removeRecipient',
    call: 'PUT /api/refill/alerts',
    pages: ['refill'],
  },
  {
    name: 'refill:alerts.addRecipient',
    call: 'PUT /api/refill/alerts',
    pages: ['refill'],
  },
  {
    name: 'calculator:actions.requestRefill',
    call: 'POST /api/refill/requests',
  },
  {
    name: 'calculator:saveReading.button',
    call: 'POST /api/refill/drums/:id/readings',
  },
  // Spare parts: the cart and the quotes.
  { name: 'spareparts:cart.title', call: 'POST /api/spareparts/quotes' },
  { name: 'spareparts:cart.buttonLabel', call: 'POST /api/spareparts/quotes' },
  { name: 'spareparts:cart.request', call: 'POST /api/spareparts/quotes' },
  {
    name: 'spareparts:part.addLabel',
    call: 'PUT /api/spareparts/cart/lines/:id',
  },
  {
    name: 'spareparts:part.addToCart',
    call: 'PUT /api/spareparts/cart/lines/:id',
  },
  {
    name: 'spareparts:quotes.orderAgain',
    call: 'PUT /api/spareparts/cart/lines/:id',
  },
  {
    name: 'spareparts:offer.accept',
    call: 'POST /api/spareparts/quotes/:id/transition',
  },
  {
    name: 'spareparts:offer.decline',
    call: 'POST /api/spareparts/quotes/:id/transition',
  },
  // The customer admin's team and machines.
  {
    name: 'team:invite.submit',
    call: 'POST /api/team/invitations',
    pages: ['team'],
  },
  {
    name: 'team:members.remove',
    call: 'DELETE /api/team/members/:id',
    // "Remove <name>": the alert recipients' and attachments' buttons read the same.
    pages: ['team'],
  },
  { name: 'team:members.editSites', call: 'PATCH /api/team/members/:id' },
  {
    name: 'team:members.approve',
    call: 'POST /api/team/members/:id/approve',
  },
  {
    name: 'integration:apiKeys.create.submit',
    call: 'POST /api/integration/api-keys',
    pages: ['integration'],
  },
  {
    name: 'integration:webhooks.form.submit',
    call: 'POST /api/integration/webhooks',
    pages: ['integration'],
  },
  // The provider's inbox: an agent and a manager both work it.
  {
    name: 'backoffice:actions.claim',
    call: 'POST /api/backoffice/items/:id/claim',
  },
  {
    name: 'backoffice:actions.review',
    call: 'POST /api/backoffice/items/:id/transition',
  },
  {
    name: 'backoffice:notes.submit',
    call: 'POST /api/backoffice/items/:id/notes',
  },
  // The provider's accounts and staff: a manager's.
  {
    name: 'accounts:create.submit',
    call: 'POST /api/backoffice/accounts',
  },
  { name: 'accounts:staff.add', call: 'POST /api/backoffice/staff' },
  {
    name: 'accounts:registrations.intoNew',
    call: 'POST /api/backoffice/registrations/:id/approve',
  },
  {
    name: 'accounts:registrations.reject',
    call: 'POST /api/backoffice/registrations/:id/reject',
  },
  {
    name: 'accounts:details.suspend',
    call: 'POST /api/backoffice/accounts/:id/suspend',
  },
  {
    name: 'accounts:sites.add',
    call: 'POST /api/backoffice/accounts/:id/sites',
  },
  {
    name: 'accounts:drums.add',
    call: 'POST /api/backoffice/accounts/:id/drums',
  },
  {
    name: 'accounts:users.invite',
    call: 'POST /api/backoffice/accounts/:id/invitations',
    pages: ['backofficeAccount'],
  },
  {
    name: 'integration:apiKeys.create.submit',
    call: 'POST /api/backoffice/accounts/:id/api-keys',
    pages: ['backofficeAccount'],
  },
];

type Texts = Record<string, unknown>;
const textFiles = new Map<string, Texts>();

function textOf(name: ActionControl['name'], language: string): string {
  const [namespace = '', key = ''] = name.split(':');
  const file = `${namespace}/${language}`;
  let texts = textFiles.get(file);
  if (!texts) {
    texts = JSON.parse(
      readFileSync(join(root, 'packages/locales', namespace, `${language}.json`), 'utf8'),
    ) as Texts;
    textFiles.set(file, texts);
  }
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
  if (typeof text !== 'string') throw new Error(`${name} is no text in ${language}`);
  return text;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The controls of the table a control of `page` is by its accessible name in `language`: its
 * text with any value in place of the placeholders.
 */
export function controlsNamed(
  accessibleName: string,
  language: string,
  page: string,
): ActionControl[] {
  return actionControls.filter((control) => {
    if (control.pages && !control.pages.includes(page)) return false;
    const pattern = textOf(control.name, language)
      .split(/\{\{[^}]+\}\}/)
      .map(escapeRegExp)
      .join('.+');
    return new RegExp(`^${pattern}$`).test(accessibleName);
  });
}

/** A route's address with its parameters unnamed: `/items/:id` and `/items/:itemId` are one. */
const routeKey = (call: string) => call.replace(/:\w+/g, ':');

/**
 * The abilities the server requires for each control's call (each must hold; none: any
 * signed-in user of the page), as its routes' checks state them (GET /api/dev/route-abilities).
 * A control whose call is no route of the server fails here: the table cannot name a call that
 * does not exist.
 */
export async function routeAbilitiesOf(
  request: APIRequestContext,
): Promise<Map<string, (readonly [action: string, subject: string])[]>> {
  const response = await request.get('/api/dev/route-abilities');
  if (!response.ok()) throw new Error(`route abilities: ${response.status()}`);
  const routes = (await response.json()) as Record<string, [string, string][]>;
  const byKey = new Map(Object.entries(routes).map(([call, needs]) => [routeKey(call), needs]));
  const abilities = new Map<string, (readonly [string, string])[]>();
  for (const { call } of actionControls) {
    const needs = byKey.get(routeKey(call));
    if (!needs) throw new Error(`${call} is no route of the server`);
    abilities.set(call, needs);
  }
  return abilities;
}
