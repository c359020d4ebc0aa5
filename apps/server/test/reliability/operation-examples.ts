import { randomUUID } from 'node:crypto';
import type { Customer } from './fixtures';
import { collectionBody, refillRequestBody } from './fixtures';

/**
 * A valid request for each operation of the API, shared by the suites that need to get past
 * validation: sessions and access (suite 2) and the field-by-field mutations of hostile input
 * (suite 1). Suite 2 fails for a new endpoint that has none, asking for one here.
 */

/** The ids one customer's requests use: theirs, or another account's for the 404 cases. */
export interface Resources {
  drumId: string;
  requestId: string;
  attachmentId: string;
  quoteId: string;
  /** A collection of the customer's second drum. */
  collectionId: string;
  /** An open refill proposal of the customer's first drum. */
  proposalId: string;
  partId: string;
  partNumber: string;
  /** An API key of the account made for the suites to revoke (never the machine key below). */
  apiKeyId: string;
  /** A webhook endpoint of the account, and one of its messages. */
  webhookId: string;
  webhookDeliveryId: string;
  invitationId: string;
  memberId: string;
  /** A second session of the customer, not the one their requests carry. */
  sessionId: string;
  /** An account of nobody's, and its site, for the back-office's onboarding routes. */
  spareAccountId: string;
  spareSiteId: string;
}

/**
 * Ids of the right shape that name nothing (`overrides` aside): enough for a request to pass
 * validation where the rule under test answers before any row is looked up.
 */
export function placeholderResources(overrides: Partial<Resources> = {}): Resources {
  return {
    drumId: randomUUID(),
    requestId: randomUUID(),
    attachmentId: randomUUID(),
    quoteId: randomUUID(),
    collectionId: randomUUID(),
    proposalId: randomUUID(),
    partId: randomUUID(),
    partNumber: 'PN-0001',
    apiKeyId: randomUUID(),
    webhookId: randomUUID(),
    webhookDeliveryId: randomUUID(),
    invitationId: randomUUID(),
    memberId: randomUUID(),
    sessionId: randomUUID(),
    spareAccountId: randomUUID(),
    spareSiteId: randomUUID(),
    ...overrides,
  };
}

export interface Example {
  /** Path parameters from the requester's resources, or another account's when testing 404. */
  params?: (resources: Resources) => Record<string, string>;
  /** Whether the path names account-owned rows (so another account's ids must 404). */
  owned?: boolean;
  body?: (resources: Resources, customer: Customer) => unknown;
  multipart?: boolean;
  /** The call ends the caller's user (deleting their account): each call gets a fresh user. */
  endsCaller?: boolean;
  /** An event stream that never ends by itself: its answer's head is read, never its body. */
  isStream?: boolean;
  headers?: () => Record<string, string>;
  /** A valid query string, as pairs. */
  query?: (resources: Resources) => Array<[string, string]>;
}

/**
 * The API key each suite's machine calls carry (readings:write and drums:read, of the suite's
 * own customer); the suite sets it once its customer exists.
 */
export const machineKey = { key: '' };
const bearer = () => ({ authorization: `Bearer ${machineKey.key}` });

/** A drum serial of the customer (the fixture names them `<name>-1`, `<name>-2`). */
const serialOf = (customer: Customer) => `${customer.email.split('@')[0]}-1`;

let keyCounter = 0;

/** A drum for the spare account (catalogue codes the suites' catalogue may lack: a 400 then). */
const spareDrum = (r: Resources) => ({
  serial: `SP-${++keyCounter}`,
  drumType: 'T1000',
  cableReference: 'REF-1',
  initialLength: 1000,
  siteId: r.spareSiteId,
  deliveredOn: '2026-11-01',
});
export const idempotency = () => ({
  'idempotency-key': `access-key-${++keyCounter}-${Date.now()}`,
});

/** A browser's answers of the right shape, signed by nothing: the server refuses them. */
const registration = () => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
});
const assertion = () => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
});

/**
 * A valid request for each data operation that needs parameters or a body. A new endpoint
 * without one fails the first test below, which asks for it: that is how it joins the suite.
 */
export const examples: Record<string, Example> = {
  'POST /api/users/signup': { body: () => ({ email: 'example@example.com', company: 'Acme' }) },
  'POST /api/users/signin': { body: () => ({ hash: 'A'.repeat(43) }) },
  'POST /api/users/signout': { body: () => ({}) },
  'POST /api/alerts/recipients/confirm': { body: () => ({ token: 'A'.repeat(43) }) },
  'GET /api/dev/mailbox': { query: () => [['to', 'example@example.com']] },
  'PUT /api/dev/users/rules': { body: () => ({ email: 'example@example.com', rules: null }) },
  'PUT /api/dev/users/role': { body: () => ({ email: 'example@example.com', role: 'viewer' }) },
  'PUT /api/dev/users/sign-in-age': { body: () => ({ email: 'example@example.com', minutes: 11 }) },
  'GET /api/spareparts': {
    query: () => [
      ['search', 'pump'],
      ['sort', '-unitPrice'],
      ['page', '1'],
      ['pageSize', '25'],
      ['lang', 'en'],
    ],
  },
  'PATCH /api/users/me': { body: () => ({ firstName: 'Ada' }) },
  'GET /api/refill/drums/{id}/qgraph': {
    params: (r) => ({ id: r.drumId }),
    owned: true,
    query: () => [
      ['from', '2026-06-01'],
      ['to', '2026-11-23'],
    ],
  },
  'POST /api/refill/drums/{id}/readings': {
    params: (r) => ({ id: r.drumId }),
    owned: true,
    body: () => ({ remainingM: 790, readAt: '2026-11-23T08:30:00.000Z' }),
  },
  'PUT /api/refill/alerts': {
    body: () => ({ thresholdPct: 20, criticalPct: 10, emailEnabled: true, recipients: [] }),
  },
  'POST /api/refill/requests': {
    body: (_r, customer) => ({
      ...refillRequestBody(customer),
      poNumber: 'PO-1',
      comment: 'Gate B',
    }),
    headers: idempotency,
  },
  'GET /api/refill/requests/{id}/messages': { params: (r) => ({ id: r.requestId }), owned: true },
  'POST /api/refill/requests/{id}/messages': {
    params: (r) => ({ id: r.requestId }),
    owned: true,
    body: () => ({ body: 'Hello' }),
  },
  'POST /api/refill/requests/{id}/attachments': {
    params: (r) => ({ id: r.requestId }),
    owned: true,
    multipart: true,
  },
  'GET /api/refill/requests/{id}/attachments/{attachmentId}': {
    params: (r) => ({ id: r.requestId, attachmentId: r.attachmentId }),
    owned: true,
  },
  'GET /api/spareparts/{id}': { params: (r) => ({ id: r.partId }) },
  'GET /api/spareparts/by-number/{partNumber}': { params: (r) => ({ partNumber: r.partNumber }) },
  'PUT /api/spareparts/cart/lines/{id}': {
    params: (r) => ({ id: r.partId }),
    body: () => ({ quantity: 1 }),
  },
  'DELETE /api/spareparts/cart/lines/{id}': { params: (r) => ({ id: r.partId }) },
  'POST /api/spareparts/quotes': { body: () => ({ comment: 'Please' }), headers: idempotency },
  'GET /api/spareparts/quotes/{id}/messages': { params: (r) => ({ id: r.quoteId }), owned: true },
  'GET /api/integration/api-keys': {
    query: () => [
      ['limit', '10'],
      ['offset', '0'],
    ],
  },
  'POST /api/integration/api-keys': {
    body: () => ({ name: 'Gateway', scopes: ['readings:write'] }),
  },
  'DELETE /api/integration/api-keys/{itemId}': {
    params: (r) => ({ itemId: r.apiKeyId }),
    owned: true,
  },
  'POST /api/integration/api-keys/{itemId}/rotate': {
    params: (r) => ({ itemId: r.apiKeyId }),
    body: () => ({}),
    owned: true,
  },
  'GET /api/integration/devices': { query: () => [['limit', '10']] },
  'POST /api/integration/webhooks': {
    body: () => ({
      url: 'https://receiver.example/hooks',
      description: 'ERP',
      events: ['drum.low', 'quote.offered'],
    }),
  },
  'PATCH /api/integration/webhooks/{id}': {
    params: (r) => ({ id: r.webhookId }),
    owned: true,
    body: () => ({ events: ['drum.critical'], isEnabled: true }),
  },
  'POST /api/integration/webhooks/{id}/rotate-secret': {
    params: (r) => ({ id: r.webhookId }),
    owned: true,
    body: () => ({}),
  },
  'DELETE /api/integration/webhooks/{id}': { params: (r) => ({ id: r.webhookId }), owned: true },
  'GET /api/integration/webhooks/{id}/deliveries': {
    params: (r) => ({ id: r.webhookId }),
    owned: true,
    query: () => [
      ['limit', '10'],
      ['offset', '0'],
    ],
  },
  'POST /api/integration/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    params: (r) => ({ id: r.webhookId, deliveryId: r.webhookDeliveryId }),
    owned: true,
    body: () => ({}),
  },
  'PUT /api/integration/drums/{itemId}/device': {
    params: (r) => ({ itemId: r.drumId }),
    owned: true,
    body: () => ({ devEui: '70B3D57ED0051A2F' }),
  },
  'POST /api/v1/readings': {
    body: (_r, customer) => ({
      readings: [
        {
          drumSerial: serialOf(customer),
          remainingLength: 640,
          measuredAt: '2026-11-23T08:00:00.000Z',
          battery: 80,
          signal: -90,
        },
      ],
    }),
    headers: () => ({ ...bearer(), ...idempotency() }),
  },
  'GET /api/v1/drums': { query: () => [['limit', '10']], headers: bearer },
  'POST /api/v1/ingest/lorawan': {
    body: () => ({
      end_device_ids: { device_id: 'counter-1', dev_eui: '70B3D57ED0051A2F' },
      received_at: '2026-11-23T08:00:00.000Z',
      uplink_message: {
        f_cnt: 12,
        decoded_payload: { remainingLength: 630, battery: 80 },
        rx_metadata: [{ rssi: -97 }],
      },
    }),
    headers: bearer,
  },
  'POST /api/team/invitations': {
    body: () => ({ email: `colleague-${++keyCounter}@example.com`, role: 'buyer', locale: 'fr' }),
  },
  'POST /api/team/invitations/{id}/resend': {
    params: (r) => ({ id: r.invitationId }),
    owned: true,
    body: () => ({}),
  },
  'DELETE /api/team/invitations/{id}': { params: (r) => ({ id: r.invitationId }), owned: true },
  'PATCH /api/team/members/{id}': {
    params: (r) => ({ id: r.memberId }),
    owned: true,
    body: () => ({ role: 'viewer' }),
  },
  'DELETE /api/team/members/{id}': { params: (r) => ({ id: r.memberId }), owned: true },
  'GET /api/team/audit': {
    query: () => [
      ['action', 'member.invited'],
      ['who', 'example'],
    ],
  },
  'DELETE /api/users/me/sessions/{id}': { params: (r) => ({ id: r.sessionId }), owned: true },
  'POST /api/users/me/sessions/signout-others': { body: () => ({}) },
  'DELETE /api/users/me': { endsCaller: true },
  'POST /api/users/me/step-up/link': { body: () => ({}) },
  'POST /api/users/me/passkeys/options': { body: () => ({}) },
  'POST /api/users/me/passkeys': { body: () => ({ name: 'Laptop', credential: registration() }) },
  'PATCH /api/users/me/passkeys/{id}': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ name: 'Laptop' }),
  },
  'DELETE /api/users/me/passkeys/{id}': { params: () => ({ id: randomUUID() }) },
  'POST /api/passkeys/sign-in/options': { body: () => ({}) },
  'POST /api/passkeys/sign-in': { body: () => ({ credential: assertion() }) },
  'POST /api/users/me/step-up/options': { body: () => ({}) },
  'POST /api/users/me/step-up': { body: () => ({ credential: assertion() }) },
  'POST /api/backoffice/users/{id}/suspend': {
    params: (r) => ({ id: r.memberId }),
    body: () => ({}),
  },
  'POST /api/backoffice/users/{id}/unsuspend': {
    params: (r) => ({ id: r.memberId }),
    body: () => ({}),
  },
  'GET /api/backoffice/accounts/{id}/rent-terms': { params: (r) => ({ id: r.spareAccountId }) },
  'PUT /api/backoffice/accounts/{id}/rent-terms': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({ rentFreeDays: 60, monthlyRate: 25.5 }),
  },
  'GET /api/exports/drums': {
    query: () => [
      ['format', 'csv'],
      ['status', 'ok'],
      ['pct', '0-80'],
    ],
  },
  'GET /api/exports/drums/{id}/readings': {
    params: (r) => ({ id: r.drumId }),
    owned: true,
    query: () => [
      ['format', 'xlsx'],
      ['from', '2026-06-01'],
    ],
  },
  'GET /api/exports/refill-requests': { query: () => [['format', 'csv']] },
  'GET /api/documents/drum-statement': { query: () => [['month', '2026-10']] },
  'PUT /api/documents/drum-statement/subscription': { body: () => ({ isSubscribed: true }) },
  'GET /api/documents/refill-requests/{id}/delivery-note': {
    params: (r) => ({ id: r.requestId }),
    owned: true,
  },
  'GET /api/exports/quotes': { query: () => [['format', 'csv']] },
  'GET /api/exports/spareparts': {
    query: () => [
      ['format', 'csv'],
      ['search', 'pump'],
    ],
  },
  'GET /api/exports/audit': {
    query: () => [
      ['format', 'csv'],
      ['action', 'member.invited'],
    ],
  },
  'GET /api/backoffice/accounts': { query: () => [['search', 'spare']] },
  'POST /api/backoffice/accounts': {
    body: () => ({ name: `Onboarded ${++keyCounter}`, verifiedDomains: ['example.com'] }),
  },
  'POST /api/backoffice/staff': {
    body: () => ({ email: `staff-${++keyCounter}@provider.example`, role: 'agent', locale: 'en' }),
  },
  'GET /api/backoffice/accounts/audit': {
    query: (r) => [
      ['accountId', r.spareAccountId],
      ['action', 'account.created'],
      ['who', 'example'],
    ],
  },
  'GET /api/backoffice/accounts/{id}': { params: (r) => ({ id: r.spareAccountId }) },
  'PUT /api/backoffice/accounts/{id}': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({ name: 'Spare Ltd', verifiedDomains: [], notes: 'Terms: 30 days' }),
  },
  'POST /api/backoffice/accounts/{id}/suspend': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({}),
  },
  'POST /api/backoffice/accounts/{id}/unsuspend': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({}),
  },
  'POST /api/backoffice/accounts/{id}/sites': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({ name: `Site ${++keyCounter}`, city: 'Lyon', address: '1 quai' }),
  },
  'PUT /api/backoffice/accounts/{id}/sites/{itemId}': {
    params: (r) => ({ id: r.spareAccountId, itemId: r.spareSiteId }),
    body: () => ({ name: 'Spare site', city: 'Lyon', deliveryInstructions: 'Gate 3' }),
  },
  'POST /api/backoffice/accounts/{id}/drums': {
    params: (r) => ({ id: r.spareAccountId }),
    body: (r) => spareDrum(r),
  },
  'PUT /api/backoffice/accounts/{id}/drums/{itemId}': {
    params: (r) => ({ id: r.spareAccountId, itemId: r.drumId }),
    body: (r) => spareDrum(r),
  },
  'POST /api/backoffice/accounts/{id}/equipment': {
    params: (r) => ({ id: r.spareAccountId }),
    body: (r) => ({ serial: `EQ-${++keyCounter}`, model: 'PULLER', siteId: r.spareSiteId }),
  },
  'PUT /api/backoffice/accounts/{id}/equipment/{itemId}': {
    params: (r) => ({ id: r.spareAccountId, itemId: r.drumId }),
    body: (r) => ({ serial: 'EQ-1', model: 'PULLER', siteId: r.spareSiteId }),
  },
  'POST /api/backoffice/accounts/{id}/invitations': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({ email: `first-admin-${++keyCounter}@example.com`, role: 'admin', locale: 'en' }),
  },
  'POST /api/backoffice/accounts/{id}/import': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({
      kind: 'equipment',
      csv: 'serial;model;site\nEQ-9;PULLER;Spare site\n',
      apply: false,
    }),
  },
  'GET /api/backoffice/accounts/{id}/api-keys': {
    params: (r) => ({ id: r.spareAccountId }),
    query: () => [['limit', '10']],
  },
  'POST /api/backoffice/accounts/{id}/api-keys': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({ name: `Staff gateway ${++keyCounter}`, scopes: ['drums:read'] }),
  },
  // The suite's key is the customer's, not the spare account's: a manager is answered 404.
  'DELETE /api/backoffice/accounts/{id}/api-keys/{itemId}': {
    params: (r) => ({ id: r.spareAccountId, itemId: r.apiKeyId }),
  },
  'POST /api/backoffice/accounts/{id}/api-keys/{itemId}/rotate': {
    params: (r) => ({ id: r.spareAccountId, itemId: r.apiKeyId }),
    body: () => ({}),
  },
  'GET /api/backoffice/accounts/{id}/devices': {
    params: (r) => ({ id: r.spareAccountId }),
    query: () => [['limit', '10']],
  },
  'PUT /api/backoffice/accounts/{id}/drums/{itemId}/device': {
    params: (r) => ({ id: r.spareAccountId, itemId: r.drumId }),
    body: () => ({ devEui: '70B3D57ED0051A2F' }),
  },
  'POST /api/registration': {
    body: () => ({ company: 'Acme', site: 'Lyon', phone: '+33 6 12 34 56 78' }),
  },
  'GET /api/backoffice/registrations': { query: () => [['status', 'pending']] },
  'POST /api/backoffice/registrations/{id}/approve': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({ newAccountName: 'Approved Ltd' }),
  },
  'POST /api/backoffice/registrations/{id}/reject': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({ reason: 'Not a customer' }),
  },
  'POST /api/team/members/{id}/approve': {
    params: (r) => ({ id: r.memberId }),
    owned: true,
    body: () => ({}),
  },
  'POST /api/invitations/preview': { body: () => ({ token: 'A'.repeat(43) }) },
  'POST /api/invitations/accept': { body: () => ({ token: 'A'.repeat(43) }) },
  'POST /api/spareparts/quotes/{id}/messages': {
    params: (r) => ({ id: r.quoteId }),
    owned: true,
    body: () => ({ body: 'Hello' }),
  },
  'POST /api/spareparts/quotes/{id}/transition': {
    params: (r) => ({ id: r.quoteId }),
    owned: true,
    body: () => ({ action: 'withdraw' }),
  },
  'POST /api/refill/requests/{id}/transition': {
    params: (r) => ({ id: r.requestId }),
    owned: true,
    body: () => ({ action: 'cancel' }),
  },
  'POST /api/refill/collections': {
    // The first drum: the second's collection is the fixture's (a repeat answers 409).
    body: (_r, customer) => collectionBody(customer, 0),
  },
  'GET /api/refill/collections/{id}/messages': {
    params: (r) => ({ id: r.collectionId }),
    owned: true,
  },
  'POST /api/refill/collections/{id}/messages': {
    params: (r) => ({ id: r.collectionId }),
    owned: true,
    body: () => ({ body: 'Hello' }),
  },
  'POST /api/refill/collections/{id}/transition': {
    params: (r) => ({ id: r.collectionId }),
    owned: true,
    body: () => ({ action: 'cancel' }),
  },
  'GET /api/exports/collections': { query: () => [['format', 'csv']] },
  'POST /api/refill/proposals/{id}/confirm': {
    params: (r) => ({ id: r.proposalId }),
    owned: true,
    body: () => ({}),
  },
  'POST /api/refill/proposals/{id}/dismiss': {
    params: (r) => ({ id: r.proposalId }),
    owned: true,
    body: () => ({}),
  },
  'GET /api/documents/quotes/{id}/offer': { params: (r) => ({ id: r.quoteId }), owned: true },
  'GET /api/backoffice/quotes/{id}/offer': { params: (r) => ({ id: r.quoteId }) },
  'GET /api/exports/inbox': { query: () => [['format', 'csv']] },
  'POST /api/notifications/read': { body: () => ({}) },
  'PUT /api/backoffice/preferences': { body: () => ({ notificationDigest: false }) },
  'GET /api/backoffice/inbox': {
    query: () => [
      ['kind', 'quote'],
      ['assignee', 'any'],
    ],
  },
  'GET /api/backoffice/items/{id}': { params: (r) => ({ id: r.quoteId }) },
  'POST /api/backoffice/items/{id}/attachments': {
    params: (r) => ({ id: r.requestId }),
    multipart: true,
  },
  'GET /api/backoffice/items/{id}/attachments/{attachmentId}': {
    params: (r) => ({ id: r.requestId, attachmentId: r.attachmentId }),
  },
  'POST /api/backoffice/items/{id}/claim': { params: (r) => ({ id: r.quoteId }), body: () => ({}) },
  'POST /api/backoffice/items/{id}/assign': {
    params: (r) => ({ id: r.quoteId }),
    body: () => ({ assigneeUserId: null }),
  },
  'POST /api/backoffice/items/{id}/transition': {
    params: (r) => ({ id: r.quoteId }),
    body: () => ({ action: 'review' }),
  },
  'POST /api/backoffice/items/{id}/messages': {
    params: (r) => ({ id: r.quoteId }),
    body: () => ({ body: 'Hello' }),
  },
  'POST /api/backoffice/items/{id}/notes': {
    params: (r) => ({ id: r.quoteId }),
    body: () => ({ body: 'Checked the stock' }),
  },
  'GET /api/live': { isStream: true },
  'GET /api/backoffice/items/{id}/presence': { params: (r) => ({ id: r.quoteId }) },
  'PUT /api/backoffice/items/{id}/presence': {
    params: (r) => ({ id: r.quoteId }),
    body: () => ({ isTyping: false }),
  },
  'DELETE /api/backoffice/items/{id}/presence': { params: (r) => ({ id: r.quoteId }) },
  'GET /api/documents/drum-labels': { query: (r) => [['drum', r.drumId]] },
  'GET /api/backoffice/accounts/{id}/drum-labels': {
    params: (r) => ({ id: r.spareAccountId }),
    query: (r) => [['drum', r.drumId]],
  },
  'POST /api/auth/sso/discover': { body: () => ({ email: 'someone@example.com' }) },
  'GET /api/auth/sso/start': { query: () => [['email', 'someone@example.com']] },
  // The identity provider's answer is read whole by the OpenID client: refused, it shows the
  // failure page.
  'GET /api/auth/sso/callback': {},
  'GET /api/backoffice/accounts/{id}/sso': { params: (r) => ({ id: r.spareAccountId }) },
  'PUT /api/backoffice/accounts/{id}/sso': {
    params: (r) => ({ id: r.spareAccountId }),
    body: () => ({
      issuer: 'https://id.example.com',
      clientId: 'portal',
      domains: ['example.com'],
      defaultRole: 'viewer',
      invitationOnly: false,
      requireSso: false,
    }),
  },
};

/** Operations a visitor may call (the dev helpers exist only outside prd and without SMTP). */
export const publicOperations = new Set([
  'GET /api/health',
  'GET /api/locales/{ns}/{file}',
  'POST /api/users/signup',
  'POST /api/users/signin',
  'POST /api/users/signout',
  // Signing in with a passkey: no session yet.
  'POST /api/passkeys/sign-in/options',
  'POST /api/passkeys/sign-in',
  // Single sign-on: finding an address's identity provider, leaving for it and coming back.
  'POST /api/auth/sso/discover',
  'GET /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  // The one-time link of an outside alert recipient, who has no account.
  'POST /api/alerts/recipients/confirm',
  // The invitee's one-time link: they have no session yet.
  'POST /api/invitations/preview',
  'POST /api/invitations/accept',
  'GET /api/dev/mailbox',
  'PUT /api/dev/users/rules',
  'PUT /api/dev/users/role',
  'GET /api/dev/route-abilities',
  'PUT /api/dev/users/sign-in-age',
]);

/**
 * The ability each data operation needs, written here by hand (not read from the server): a
 * route that asks for less, or more, than this fails the role matrix of the access suite. null:
 * any signed-in user, customer or staff (their own profile, sessions and data).
 */
export const abilityByOperation: Record<string, readonly [string, string] | null> = {
  'GET /api/users/me': null,
  'PATCH /api/users/me': null,
  'GET /api/catalog/products': null,
  'GET /api/catalog/drum-types': null,
  'GET /api/refill/drums': ['get', 'refill'],
  'GET /api/refill/drums/{id}/qgraph': ['get', 'refill'],
  'POST /api/refill/drums/{id}/readings': ['order', 'refill'],
  'GET /api/refill/alerts': ['get', 'refill'],
  'PUT /api/refill/alerts': ['update', 'alerts'],
  'GET /api/refill/requests': ['get', 'refill'],
  'POST /api/refill/requests': ['order', 'refill'],
  'GET /api/refill/requests/{id}/messages': ['get', 'refill'],
  'POST /api/refill/requests/{id}/messages': ['order', 'refill'],
  'POST /api/refill/requests/{id}/attachments': ['order', 'refill'],
  'GET /api/refill/requests/{id}/attachments/{attachmentId}': ['get', 'refill'],
  'GET /api/spareparts': ['get', 'spareparts'],
  'GET /api/spareparts/categories': ['get', 'spareparts'],
  'GET /api/spareparts/equipment': ['get', 'spareparts'],
  'GET /api/spareparts/{id}': ['get', 'spareparts'],
  'GET /api/spareparts/by-number/{partNumber}': ['get', 'spareparts'],
  'GET /api/spareparts/cart': ['get', 'spareparts'],
  'PUT /api/spareparts/cart/lines/{id}': ['order', 'spareparts'],
  'DELETE /api/spareparts/cart/lines/{id}': ['order', 'spareparts'],
  'GET /api/spareparts/quotes': ['get', 'spareparts'],
  'POST /api/spareparts/quotes': ['order', 'spareparts'],
  'GET /api/spareparts/quotes/{id}/messages': ['get', 'spareparts'],
  'POST /api/spareparts/quotes/{id}/messages': ['order', 'spareparts'],
  'GET /api/backoffice/staff': ['get', 'backoffice'],
  'POST /api/backoffice/staff': ['manage', 'accounts'],
  'GET /api/backoffice/inbox': ['get', 'backoffice'],
  'GET /api/notifications': null,
  'GET /api/backoffice/preferences': ['get', 'backoffice'],
  'PUT /api/backoffice/preferences': ['get', 'backoffice'],
  'POST /api/notifications/read': null,
  'GET /api/backoffice/items/{id}': ['get', 'backoffice'],
  'POST /api/backoffice/items/{id}/attachments': ['work', 'backoffice'],
  'GET /api/backoffice/items/{id}/attachments/{attachmentId}': ['get', 'backoffice'],
  'POST /api/backoffice/items/{id}/claim': ['work', 'backoffice'],
  'POST /api/backoffice/items/{id}/assign': ['work', 'backoffice'],
  'POST /api/backoffice/items/{id}/transition': ['work', 'backoffice'],
  'POST /api/backoffice/items/{id}/messages': ['work', 'backoffice'],
  'POST /api/backoffice/items/{id}/notes': ['work', 'backoffice'],
  'GET /api/live': null,
  'GET /api/backoffice/items/{id}/presence': ['get', 'backoffice'],
  'PUT /api/backoffice/items/{id}/presence': ['get', 'backoffice'],
  'DELETE /api/backoffice/items/{id}/presence': ['get', 'backoffice'],
  'POST /api/spareparts/quotes/{id}/transition': ['order', 'spareparts'],
  'POST /api/refill/requests/{id}/transition': ['order', 'refill'],
  'GET /api/refill/collections': ['get', 'refill'],
  'POST /api/refill/collections': ['order', 'refill'],
  'GET /api/refill/collections/{id}/messages': ['get', 'refill'],
  'POST /api/refill/collections/{id}/messages': ['order', 'refill'],
  'POST /api/refill/collections/{id}/transition': ['order', 'refill'],
  'GET /api/exports/collections': ['get', 'refill'],
  'GET /api/refill/proposals': ['get', 'refill'],
  'POST /api/refill/proposals/{id}/confirm': ['order', 'refill'],
  'POST /api/refill/proposals/{id}/dismiss': ['order', 'refill'],
  'GET /api/documents/quotes/{id}/offer': ['get', 'spareparts'],
  'GET /api/backoffice/quotes/{id}/offer': ['get', 'backoffice'],
  'GET /api/exports/inbox': ['get', 'backoffice'],
  'GET /api/users/me/sessions': null,
  'GET /api/users/me/data': null,
  'DELETE /api/users/me': null,
  'DELETE /api/users/me/sessions/{id}': null,
  'POST /api/users/me/sessions/signout-others': null,
  'POST /api/users/me/step-up/link': null,
  'GET /api/users/me/passkeys': null,
  'POST /api/users/me/passkeys/options': null,
  'POST /api/users/me/passkeys': null,
  'PATCH /api/users/me/passkeys/{id}': null,
  'DELETE /api/users/me/passkeys/{id}': null,
  'POST /api/users/me/step-up/options': null,
  'POST /api/users/me/step-up': null,
  'POST /api/backoffice/users/{id}/suspend': ['manage', 'accounts'],
  'POST /api/backoffice/users/{id}/unsuspend': ['manage', 'accounts'],
  'GET /api/backoffice/accounts/{id}/rent-terms': ['get', 'backoffice'],
  'GET /api/documents/drum-labels': ['print', 'labels'],
  'GET /api/backoffice/accounts/{id}/drum-labels': ['get', 'backoffice'],
  'GET /api/backoffice/accounts/{id}/sso': ['get', 'backoffice'],
  'PUT /api/backoffice/accounts/{id}/sso': ['manage', 'accounts'],
  'GET /api/exports/drums': ['get', 'refill'],
  'GET /api/documents/drum-statement': ['get', 'refill'],
  'GET /api/documents/drum-statement/subscription': ['update', 'alerts'],
  'PUT /api/documents/drum-statement/subscription': ['update', 'alerts'],
  'GET /api/documents/refill-requests/{id}/delivery-note': ['get', 'refill'],
  'GET /api/exports/drums/{id}/readings': ['get', 'refill'],
  'GET /api/exports/refill-requests': ['get', 'refill'],
  'GET /api/exports/quotes': ['get', 'spareparts'],
  'GET /api/exports/spareparts': ['get', 'spareparts'],
  'GET /api/exports/audit': ['get', 'audit'],
  'PUT /api/backoffice/accounts/{id}/rent-terms': ['manage', 'accounts'],
  'GET /api/backoffice/accounts': ['get', 'backoffice'],
  'POST /api/backoffice/accounts': ['manage', 'accounts'],
  'GET /api/backoffice/accounts/audit': ['get', 'backoffice'],
  'GET /api/backoffice/accounts/{id}': ['get', 'backoffice'],
  'PUT /api/backoffice/accounts/{id}': ['manage', 'accounts'],
  'POST /api/backoffice/accounts/{id}/suspend': ['manage', 'accounts'],
  'POST /api/backoffice/accounts/{id}/unsuspend': ['manage', 'accounts'],
  'POST /api/backoffice/accounts/{id}/sites': ['manage', 'accounts'],
  'PUT /api/backoffice/accounts/{id}/sites/{itemId}': ['manage', 'accounts'],
  'POST /api/backoffice/accounts/{id}/drums': ['manage', 'accounts'],
  'PUT /api/backoffice/accounts/{id}/drums/{itemId}': ['manage', 'accounts'],
  'POST /api/backoffice/accounts/{id}/equipment': ['manage', 'accounts'],
  'PUT /api/backoffice/accounts/{id}/equipment/{itemId}': ['manage', 'accounts'],
  'POST /api/backoffice/accounts/{id}/import': ['manage', 'accounts'],
  'POST /api/backoffice/accounts/{id}/invitations': ['manage', 'accounts'],
  'GET /api/backoffice/accounts/{id}/api-keys': ['get', 'backoffice'],
  'POST /api/backoffice/accounts/{id}/api-keys': ['manage', 'accounts'],
  'DELETE /api/backoffice/accounts/{id}/api-keys/{itemId}': ['manage', 'accounts'],
  'POST /api/backoffice/accounts/{id}/api-keys/{itemId}/rotate': ['manage', 'accounts'],
  'GET /api/backoffice/accounts/{id}/devices': ['get', 'backoffice'],
  'PUT /api/backoffice/accounts/{id}/drums/{itemId}/device': ['manage', 'accounts'],
  'GET /api/team': ['manage', 'team'],
  'POST /api/team/members/{id}/approve': ['manage', 'team'],
  'GET /api/registration': null,
  'POST /api/registration': null,
  'GET /api/backoffice/registrations': ['get', 'backoffice'],
  'POST /api/backoffice/registrations/{id}/approve': ['manage', 'accounts'],
  'POST /api/backoffice/registrations/{id}/reject': ['manage', 'accounts'],
  'POST /api/team/invitations': ['manage', 'team'],
  'POST /api/team/invitations/{id}/resend': ['manage', 'team'],
  'DELETE /api/team/invitations/{id}': ['manage', 'team'],
  'PATCH /api/team/members/{id}': ['manage', 'team'],
  'DELETE /api/team/members/{id}': ['manage', 'team'],
  'GET /api/team/audit': ['get', 'audit'],
  'GET /api/integration/api-keys': ['manage', 'integration'],
  'POST /api/integration/api-keys': ['manage', 'integration'],
  'DELETE /api/integration/api-keys/{itemId}': ['manage', 'integration'],
  'POST /api/integration/api-keys/{itemId}/rotate': ['manage', 'integration'],
  'GET /api/integration/devices': ['manage', 'integration'],
  'PUT /api/integration/drums/{itemId}/device': ['manage', 'integration'],
  'GET /api/integration/webhooks': ['manage', 'integration'],
  'POST /api/integration/webhooks': ['manage', 'integration'],
  'PATCH /api/integration/webhooks/{id}': ['manage', 'integration'],
  'POST /api/integration/webhooks/{id}/rotate-secret': ['manage', 'integration'],
  'DELETE /api/integration/webhooks/{id}': ['manage', 'integration'],
  'GET /api/integration/webhooks/{id}/deliveries': ['manage', 'integration'],
  'POST /api/integration/webhooks/{id}/deliveries/{deliveryId}/redeliver': [
    'manage',
    'integration',
  ],
};

/**
 * Which roles hold each ability: the promise the roles make, written out independently of the
 * rules that implement them. A viewer reads; a buyer also requests and orders; an admin also
 * runs the team and the alert settings; staff hold only the provider's abilities.
 */
export const rolesWithAbility: Record<string, readonly string[]> = {
  'get refill': ['admin', 'buyer', 'viewer'],
  'order refill': ['admin', 'buyer'],
  'get spareparts': ['admin', 'buyer', 'viewer'],
  'order spareparts': ['admin', 'buyer'],
  'update alerts': ['admin'],
  'manage team': ['admin'],
  'get audit': ['admin'],
  'get backoffice': ['agent', 'manager'],
  'work backoffice': ['agent', 'manager'],
  'manage staff': ['manager'],
  'manage accounts': ['manager'],
  'manage integration': ['admin'],
  'print labels': ['admin'],
};

/** The scope each machine operation needs, written by hand: a route asking another fails. */
export const scopeByOperation: Record<string, string> = {
  'POST /api/v1/readings': 'readings:write',
  'POST /api/v1/ingest/lorawan': 'readings:write',
  'GET /api/v1/drums': 'drums:read',
};
