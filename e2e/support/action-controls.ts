import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './browser-and-server';

/**
 * The screens' controls that act (they change something on the server, or open the form that
 * does), each with the API call it leads to and the ability that call's route requires
 * (`requireAbility(action, subject)` on the server). A control is named by its translation key
 * (`namespace:key`), so the same table reads a screen in either language. Navigation and reading
 * controls (tabs of lists, details, filters, exports of what the user may read) are not here,
 * since every signed-in user of the page may use them.
 */
export interface ActionControl {
  name: `${string}:${string}`;
  call: string;
  ability: readonly [action: string, subject: string];
  /**
   * The pages (page-map names) the control is on, when its text is also another page's control
   * of another ability; every page otherwise.
   */
  pages?: readonly string[];
}

const orderRefill = ['order', 'refill'] as const;
const orderParts = ['order', 'spareparts'] as const;
const updateAlerts = ['update', 'alerts'] as const;
const manageTeam = ['manage', 'team'] as const;
const manageIntegration = ['manage', 'integration'] as const;
const workBackoffice = ['work', 'backoffice'] as const;
const manageAccounts = ['manage', 'accounts'] as const;

export const actionControls: readonly ActionControl[] = [
  // Refill: a request, a reading, a release, an answer to a proposal.
  { name: 'refill:overview.selectDrum', call: 'POST /api/refill/requests', ability: orderRefill },
  {
    name: 'refill:overview.requestSelected',
    call: 'POST /api/refill/requests',
    ability: orderRefill,
  },
  { name: 'refill:request.start', call: 'POST /api/refill/requests', ability: orderRefill },
  { name: 'refill:tabs.request', call: 'POST /api/refill/requests', ability: orderRefill },
  { name: 'refill:request.submit', call: 'POST /api/refill/requests', ability: orderRefill },
  {
    name: 'refill:reading.submit',
    call: 'POST /api/refill/drums/:id/readings',
    ability: orderRefill,
  },
  {
    name: 'refill:collection.releaseDrum',
    call: 'POST /api/refill/collections',
    ability: orderRefill,
  },
  {
    name: 'refill:proposals.confirmLabel',
    call: 'POST /api/refill/proposals/:id/confirm',
    ability: orderRefill,
  },
  {
    name: 'refill:proposals.reviewLabel',
    call: 'POST /api/refill/requests',
    ability: orderRefill,
  },
  {
    name: 'refill:proposals.dismissLabel',
    call: 'POST /api/refill/proposals/:id/dismiss',
    ability: orderRefill,
  },
  {
    name: 'refill:handling.cancel',
    call: 'POST /api/refill/requests/:id/transition',
    ability: orderRefill,
  },
  {
    name: 'refill:conversation.orderAgain',
    call: 'POST /api/refill/requests',
    ability: orderRefill,
  },
  { name: 'refill:alerts.save', call: 'PUT /api/refill/alerts', ability: updateAlerts },
  {
    name: 'refill:alerts.removeRecipient',
    call: 'PUT /api/refill/alerts',
    ability: updateAlerts,
    pages: ['refill'],
  },
  {
    name: 'refill:alerts.addRecipient',
    call: 'PUT /api/refill/alerts',
    ability: updateAlerts,
    pages: ['refill'],
  },
  {
    name: 'calculator:actions.requestRefill',
    call: 'POST /api/refill/requests',
    ability: orderRefill,
  },
  {
    name: 'calculator:saveReading.button',
    call: 'POST /api/refill/drums/:id/readings',
    ability: orderRefill,
  },
  // Spare parts: the cart and the quotes.
  { name: 'spareparts:cart.title', call: 'POST /api/spareparts/quotes', ability: orderParts },
  { name: 'spareparts:cart.buttonLabel', call: 'POST /api/spareparts/quotes', ability: orderParts },
  { name: 'spareparts:cart.request', call: 'POST /api/spareparts/quotes', ability: orderParts },
  {
    name: 'spareparts:part.addLabel',
    call: 'PUT /api/spareparts/cart/lines/:id',
    ability: orderParts,
  },
  {
    name: 'spareparts:part.addToCart',
    call: 'PUT /api/spareparts/cart/lines/:id',
    ability: orderParts,
  },
  {
    name: 'spareparts:quotes.orderAgain',
    call: 'PUT /api/spareparts/cart/lines/:id',
    ability: orderParts,
  },
  {
    name: 'spareparts:offer.accept',
    call: 'POST /api/spareparts/quotes/:id/transition',
    ability: orderParts,
  },
  {
    name: 'spareparts:offer.decline',
    call: 'POST /api/spareparts/quotes/:id/transition',
    ability: orderParts,
  },
  // The customer admin's team and machines.
  {
    name: 'team:invite.submit',
    call: 'POST /api/team/invitations',
    ability: manageTeam,
    pages: ['team'],
  },
  {
    name: 'team:members.remove',
    call: 'DELETE /api/team/members/:id',
    ability: manageTeam,
    // "Remove <name>": the alert recipients' and attachments' buttons read the same.
    pages: ['team'],
  },
  { name: 'team:members.editSites', call: 'PATCH /api/team/members/:id', ability: manageTeam },
  {
    name: 'team:members.approve',
    call: 'POST /api/team/members/:id/approve',
    ability: manageTeam,
  },
  {
    name: 'integration:apiKeys.create.submit',
    call: 'POST /api/integration/api-keys',
    ability: manageIntegration,
    pages: ['integration'],
  },
  {
    name: 'integration:webhooks.form.submit',
    call: 'POST /api/integration/webhooks',
    ability: manageIntegration,
    pages: ['integration'],
  },
  // The provider's inbox: an agent and a manager both work it.
  {
    name: 'backoffice:actions.claim',
    call: 'POST /api/backoffice/items/:id/claim',
    ability: workBackoffice,
  },
  {
    name: 'backoffice:actions.review',
    call: 'POST /api/backoffice/items/:id/transition',
    ability: workBackoffice,
  },
  {
    name: 'backoffice:notes.submit',
    call: 'POST /api/backoffice/items/:id/notes',
    ability: workBackoffice,
  },
  // The provider's accounts and staff: a manager's.
  {
    name: 'accounts:create.submit',
    call: 'POST /api/backoffice/accounts',
    ability: manageAccounts,
  },
  { name: 'accounts:staff.add', call: 'POST /api/backoffice/staff', ability: manageAccounts },
  {
    name: 'accounts:registrations.intoNew',
    call: 'POST /api/backoffice/registrations/:id/approve',
    ability: manageAccounts,
  },
  {
    name: 'accounts:registrations.reject',
    call: 'POST /api/backoffice/registrations/:id/reject',
    ability: manageAccounts,
  },
  {
    name: 'accounts:details.suspend',
    call: 'POST /api/backoffice/accounts/:id/suspend',
    ability: manageAccounts,
  },
  {
    name: 'accounts:sites.add',
    call: 'POST /api/backoffice/accounts/:id/sites',
    ability: manageAccounts,
  },
  {
    name: 'accounts:drums.add',
    call: 'POST /api/backoffice/accounts/:id/drums',
    ability: manageAccounts,
  },
  {
    name: 'accounts:users.invite',
    call: 'POST /api/backoffice/accounts/:id/invitations',
    ability: manageAccounts,
    pages: ['backofficeAccount'],
  },
  {
    name: 'integration:apiKeys.create.submit',
    call: 'POST /api/backoffice/accounts/:id/api-keys',
    ability: manageAccounts,
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
