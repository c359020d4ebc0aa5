/**
 * Where an account's machine integration is managed, as the API's path below `/api`: the
 * account admin's own (`/integration`), or staff's for any account
 * (`/backoffice/accounts/<id>`). Both answer the same calls under it.
 */
export type IntegrationBase = '/integration' | `/backoffice/accounts/${string}`;

/** The account admin's own integration. */
export const ownIntegration: IntegrationBase = '/integration';

/** Staff's door to one account's integration. */
export const accountIntegration = (accountId: string): IntegrationBase =>
  `/backoffice/accounts/${encodeURIComponent(accountId)}`;

/** Query keys of an account's integration, by its base; mutations invalidate by them. */
export const integrationKeys = {
  apiKeys: (base: IntegrationBase) => ['integration', base, 'api-keys'] as const,
  devices: (base: IntegrationBase) => ['integration', base, 'devices'] as const,
};
