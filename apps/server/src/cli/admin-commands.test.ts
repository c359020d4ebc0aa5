import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, cableProducts, drumTypes, drums, users } from '../db/schema';
import { cableReferences } from '../seed/catalog-seed';
import { startTestServer, type TestServer } from '../../test/test-server';
import { tokenOf } from '../../test/clock';
import { AdminError, adminUsage, runAdminCommand } from './admin-commands';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await server.request('/api/users/signup', {
    json: { email: 'ada@example.com', company: 'Acme' },
  });
});
afterEach(() => server.close());

describe('admin commands', () => {
  it('lists users with their rules', async () => {
    const output = await runAdminCommand(server.database.db, ['list-users']);
    expect(output).toBe('ada@example.com\tAcme\tviewer\tget refill, get spareparts');
  });

  it('revokes a rule so the API answers the profile without it, then resets', async () => {
    await runAdminCommand(server.database.db, ['revoke', 'ada@example.com', 'get', 'refill']);
    const [link] = await server.linksFor('ada@example.com');
    const signIn = await server.request('/api/users/signin', {
      json: { hash: tokenOf(link ?? '') },
    });
    expect(((await signIn.json()) as { rules: unknown }).rules).toEqual([
      { action: 'get', subject: 'spareparts' },
    ]);
    await runAdminCommand(server.database.db, ['grant', 'ada@example.com', 'get', 'refill']);
    expect(await runAdminCommand(server.database.db, ['list-users'])).toContain(
      'get spareparts, get refill',
    );
    await runAdminCommand(server.database.db, ['reset-rules', 'ada@example.com']);
    expect(await runAdminCommand(server.database.db, ['list-users'])).toBe(
      'ada@example.com\tAcme\tviewer\tget refill, get spareparts',
    );
  });

  it('adds a manager on an empty database, says what it did, and is repeatable', async () => {
    const db = server.database.db;
    expect(
      await runAdminCommand(db, ['add-staff', 'Boss@Provider.example', '--role', 'manager']),
    ).toBe(
      'boss@provider.example created as manager. They sign in with a one-time link sent to this address from the sign-in page.',
    );
    expect(
      await runAdminCommand(db, ['add-staff', 'boss@provider.example', '--role=manager']),
    ).toBe('boss@provider.example already has the staff role manager.');
    expect(
      await runAdminCommand(db, ['add-staff', '--role', 'agent', 'boss@provider.example']),
    ).toBe('boss@provider.example now has the staff role agent.');
    // A customer user who becomes staff leaves their account.
    expect(
      await runAdminCommand(db, ['add-staff', 'ada@example.com', '--role', 'manager']),
    ).toMatch(/^ada@example.com is now staff: manager\./);
    const [ada] = await db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(ada).toMatchObject({ role: 'manager', accountId: null });
    const trail = await db.select().from(auditEvents);
    expect(trail.map((event) => [event.action, event.targetLabel, event.actorLabel])).toEqual(
      expect.arrayContaining([
        ['staff.added', 'boss@provider.example', 'command line'],
        ['staff.added', 'ada@example.com', 'command line'],
      ]),
    );
  });

  it('creates staff in the language given (French without one), and refuses another', async () => {
    const db = server.database.db;
    await runAdminCommand(db, [
      'add-staff',
      'eve@provider.example',
      '--role',
      'agent',
      '--language',
      'en',
    ]);
    await runAdminCommand(db, [
      'add-staff',
      '--language=en',
      'fay@provider.example',
      '--role=manager',
    ]);
    await runAdminCommand(db, ['add-staff', 'gus@provider.example', '--role', 'agent']);
    const localeOf = async (email: string) =>
      (await db.select().from(users).where(eq(users.email, email)))[0]?.locale;
    expect(await localeOf('eve@provider.example')).toBe('en');
    expect(await localeOf('fay@provider.example')).toBe('en');
    expect(await localeOf('gus@provider.example')).toBe('fr');
    await expect(
      runAdminCommand(db, [
        'add-staff',
        'hal@provider.example',
        '--role',
        'agent',
        '--language',
        'de',
      ]),
    ).rejects.toThrow('The language must be fr or en, not de.');
    await expect(
      runAdminCommand(db, ['add-staff', 'hal@provider.example', '--role', 'agent', '--language']),
    ).rejects.toThrow(AdminError);
    expect(await localeOf('hal@provider.example')).toBeUndefined();
    expect(adminUsage).toContain('--language fr|en');
  });

  it('refuses a customer role, a missing role and a malformed address', async () => {
    const db = server.database.db;
    await expect(
      runAdminCommand(db, ['add-staff', 'x@example.com', '--role', 'admin']),
    ).rejects.toThrow('The staff role must be agent or manager, not admin.');
    await expect(runAdminCommand(db, ['add-staff', 'x@example.com'])).rejects.toThrow(AdminError);
    await expect(
      runAdminCommand(db, ['add-staff', 'not-an-address', '--role', 'agent']),
    ).rejects.toThrow('Not an e-mail address: not-an-address.');
    expect(await db.select().from(users).where(eq(users.email, 'x@example.com'))).toEqual([]);
  });

  it('loads the standard drums and cable references once, saying what was new', async () => {
    const db = server.database.db;
    await db.delete(drums);
    await db.delete(cableProducts);
    await db.delete(drumTypes);
    const references = cableReferences.length;
    expect(await runAdminCommand(db, ['load-catalog'])).toBe(
      `Catalogue: 12 drum types (12 new), ${references} cable references (${references} new).`,
    );
    expect(await runAdminCommand(db, ['load-catalog'])).toBe(
      `Catalogue: 12 drum types (0 new), ${references} cable references (0 new).`,
    );
    await expect(runAdminCommand(db, ['load-catalog', 'extra'])).rejects.toThrow(AdminError);
  });

  it('explains its usage and unknown users', async () => {
    await expect(runAdminCommand(server.database.db, ['frobnicate'])).rejects.toThrow(AdminError);
    await expect(
      runAdminCommand(server.database.db, ['grant', 'nobody@example.com', 'get', 'refill']),
    ).rejects.toThrow('No user with the e-mail nobody@example.com.');
  });

  it('never prints a control or format character raw: a stored value cannot drive the terminal', async () => {
    // A row written before the contract refused them, or by hand in the database.
    await server.database.db
      .update(users)
      .set({
        company: 'Evil\u001b]0;owned\u0007\u001b[2J\tCo\u0085\u202e',
        rules: [{ action: 'get\u001b[1A', subject: 'refill' }],
      })
      .where(eq(users.email, 'ada@example.com'));
    const output = await runAdminCommand(server.database.db, ['list-users']);
    expect(output).toBe(
      'ada@example.com\tEvil\\x1b]0;owned\\x07\\x1b[2J\\x09Co\\x85\\u202e\tviewer\tget\\x1b[1A refill (overridden)',
    );
    await expect(
      runAdminCommand(server.database.db, ['reset-rules', 'nobody\u001b[2J@example.com']),
    ).rejects.toThrow('No user with the e-mail nobody\\x1b[2J@example.com.');
  });
});
