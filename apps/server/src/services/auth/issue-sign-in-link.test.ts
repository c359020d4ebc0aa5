import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEnv, Settings } from '../../config/env';
import { accounts, users } from '../../db/schema';
import { DEMO_ACCOUNT_ID } from '../../db/demo-account';
import { loadTranslations } from '../translations';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { issueSignInLink, joinsDemoAccountOnSignUp } from './issue-sign-in-link';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const translations = loadTranslations();

/**
 * Signs `email` up under settings that say `appEnv` and `demoData`, whatever the environment
 * loader would accept, on a database where the demo account exists: the join rule alone decides.
 */
async function signUpUnder(appEnv: AppEnv, demoData: boolean, email: string) {
  server ??= await startTestServer();
  const db = server.database.db;
  await db
    .insert(accounts)
    .values({ id: DEMO_ACCOUNT_ID, name: 'Demo Industries' })
    .onConflictDoNothing();
  const settings: Settings = { ...server.settings, appEnv, demoData };
  await issueSignInLink(
    db,
    { settings, translations },
    { request: { email, company: undefined }, language: 'en', ip: '203.0.113.9', now: new Date() },
  );
  const [user] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(users.email, email));
  return user?.accountId;
}

describe('joining an account by signing up', () => {
  it('joins the demo account only in dev or rec with demo data on', async () => {
    expect(await signUpUnder('dev', true, 'dev-on@example.com')).toBe(DEMO_ACCOUNT_ID);
    expect(await signUpUnder('rec', true, 'rec-on@example.com')).toBe(DEMO_ACCOUNT_ID);
  });

  it('joins nothing in rec with demo data off', async () => {
    expect(await signUpUnder('rec', false, 'rec-off@example.com')).toBeNull();
  });

  it('joins nothing in prd, even where demo data is said to be on and the demo account exists', async () => {
    expect(await signUpUnder('prd', true, 'prd-on@example.com')).toBeNull();
    expect(await signUpUnder('prd', false, 'prd-off@example.com')).toBeNull();
  });

  it('states the rule for every environment', () => {
    const cases = (['dev', 'rec', 'prd'] as const).flatMap((appEnv) =>
      [true, false].map((demoData) => [
        `${appEnv}/${demoData}`,
        joinsDemoAccountOnSignUp({ appEnv, demoData }),
      ]),
    );
    expect(Object.fromEntries(cases)).toEqual({
      'dev/true': true,
      'dev/false': false,
      'rec/true': true,
      'rec/false': false,
      'prd/true': false,
      'prd/false': false,
    });
  });
});
