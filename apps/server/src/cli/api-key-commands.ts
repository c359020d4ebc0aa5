import { ApiKeyScopeSchema, type ApiKeyScope } from '@portal/contract';
import type { Settings } from '../config/env';
import type { Database } from '../db/client';
import { createApiKey, findAccount } from '../services/integration/api-keys';
import { DomainError } from '../services/domain-error';
import { AdminError, printable } from './admin-output';

export const apiKeyUsage = `  create-api-key <account> --scope readings:write [--scope drums:read] [--name <name>]
                                      a machine's API key for the account (its name or id);
                                      the key alone is printed on the last line`;

/**
 * `create-api-key ACCOUNT --scope S [--scope S] [--name N]`: what the portal's integration page
 * does, for scripted setups. The key is the last line, alone, so `| tail -n 1` captures it.
 */
export async function createApiKeyCommand(
  db: Database,
  args: string[],
  policy: Settings['apiKeys'],
  now: Date,
): Promise<string> {
  const scopes: ApiKeyScope[] = [];
  let account: string | undefined;
  let name = 'Command line';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--scope' || arg === '--name') {
      const value = args[++i];
      if (value === undefined) throw new AdminError(`${arg} needs a value.`);
      if (arg === '--name') {
        name = value;
        continue;
      }
      const scope = ApiKeyScopeSchema.safeParse(value);
      if (!scope.success) {
        throw new AdminError(
          `Unknown scope ${printable(value)}: use ${ApiKeyScopeSchema.options.join(' or ')}.`,
        );
      }
      if (!scopes.includes(scope.data)) scopes.push(scope.data);
    } else if (account === undefined) {
      account = arg;
    } else {
      throw new AdminError(`Unexpected argument ${printable(arg)}.\n${apiKeyUsage}`);
    }
  }
  if (!account || scopes.length === 0) throw new AdminError(`Usage:\n${apiKeyUsage}`);
  let found: { id: string; name: string };
  try {
    found = await findAccount(db, account);
  } catch (error) {
    if (error instanceof DomainError) {
      throw new AdminError(`No single account with the name or id ${printable(account)}.`);
    }
    throw error;
  }
  const { apiKey, key } = await createApiKey(db, {
    accountId: found.id,
    name,
    scopes,
    policy,
    actor: { userId: null, label: 'command line' },
    now,
  });
  const expiry = apiKey.expiresAt ? `, expires ${apiKey.expiresAt}` : '';
  return [
    `API key ${apiKey.prefix}… (${scopes.join(', ')}${expiry}) for ${printable(found.name)}; it is shown once:`,
    key,
  ].join('\n');
}
