import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { startTestServer, type TestServer } from '../../test/test-server';
import { tokenOf } from '../../test/clock';
import { AdminError, runAdminCommand } from './admin-commands';

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
    expect(output).toBe('ada@example.com\tAcme\tget refill, get spareparts (default)');
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
    expect(await runAdminCommand(server.database.db, ['list-users'])).toContain('(default)');
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
      'ada@example.com\tEvil\\x1b]0;owned\\x07\\x1b[2J\\x09Co\\x85\\u202e\tget\\x1b[1A refill',
    );
    await expect(
      runAdminCommand(server.database.db, ['reset-rules', 'nobody\u001b[2J@example.com']),
    ).rejects.toThrow('No user with the e-mail nobody\\x1b[2J@example.com.');
  });
});
