import { asc, eq } from 'drizzle-orm';
import { defaultRules, type RawRule } from '@portal/contract';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AdminError, printable } from './admin-output';
import { apiKeyUsage, createApiKeyCommand } from './api-key-commands';

export { AdminError, printable };

export const adminUsage = `Usage: npm run admin -- <command>

  list-users                          every user with their rules
  grant <email> <action> <subject>    add a rule, e.g. grant ada@example.com get refill
  revoke <email> <action> <subject>   remove a rule (the not-authorized page can then be tried)
  reset-rules <email>                 back to the default rules (get refill, get spareparts)
${apiKeyUsage}

It uses the same settings as the server (DATABASE_URL, DATA_DIR). The embedded database can be
opened by one process at a time: stop the server before running it on PGlite.`;

const ruleText = (rule: RawRule) => printable(`${String(rule.action)} ${String(rule.subject)}`);

function sameRule(rule: RawRule, action: string, subject: string): boolean {
  return rule.action === action && rule.subject === subject && !rule.inverted;
}

async function findUser(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new AdminError(`No user with the e-mail ${printable(email)}.`);
  return user;
}

/** Runs one admin command and returns what to print. */
export async function runAdminCommand(db: Database, args: string[]): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'list-users': {
      const rows = await db.select().from(users).orderBy(asc(users.createdAt));
      if (rows.length === 0) return 'No users yet.';
      return rows
        .map((user) => {
          const rules = (user.rules ?? defaultRules).map(ruleText).join(', ');
          return `${printable(user.email)}\t${printable(user.company ?? '-')}\t${rules || '(no rules)'}${user.rules ? '' : ' (default)'}`;
        })
        .join('\n');
    }
    case 'grant':
    case 'revoke': {
      const [email, action, subject] = rest;
      if (!email || !action || !subject) throw new AdminError(adminUsage);
      const user = await findUser(db, email);
      const current = user.rules ?? defaultRules;
      const next =
        command === 'grant'
          ? current.some((rule) => sameRule(rule, action, subject))
            ? current
            : [...current, { action, subject }]
          : current.filter((rule) => !sameRule(rule, action, subject));
      await db.update(users).set({ rules: next }).where(eq(users.id, user.id));
      return `${printable(user.email)}: ${next.map(ruleText).join(', ') || '(no rules)'}`;
    }
    case 'reset-rules': {
      const [email] = rest;
      if (!email) throw new AdminError(adminUsage);
      const user = await findUser(db, email);
      await db.update(users).set({ rules: null }).where(eq(users.id, user.id));
      return `${printable(user.email)}: default rules`;
    }
    case 'create-api-key':
      return createApiKeyCommand(db, rest);
    default:
      throw new AdminError(adminUsage);
  }
}
