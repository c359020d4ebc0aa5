import { asc, eq } from 'drizzle-orm';
import {
  emailPattern,
  languages,
  staffRoles,
  type Language,
  type RawRule,
  type StaffRole,
} from '@portal/contract';
import type { Settings } from '../config/env';
import type { Database } from '../db/client';
import { cableProducts, drumTypes, users } from '../db/schema';
import { catalogSeedStep } from '../seed/catalog-seed';
import { AdminError, printable } from './admin-output';
import { apiKeyUsage, createApiKeyCommand } from './api-key-commands';

export { AdminError, printable };
import { addStaff } from '../services/accounts/staff';
import { rulesOf } from '../services/auth/roles';
import { systemClock, type Clock } from '../services/clock';
import { UNLIMITED_API_KEY_LIFETIME } from '../services/integration/api-keys';

export const adminUsage = `Usage: npm run admin -- <command>

  add-staff <email> --role <role> [--language fr|en]
                                      make someone staff: agent (works the inbox) or manager
                                      (also runs accounts and staff); creates the user if new,
                                      in that language (French by default) until their first
                                      sign-in, which takes their browser's
  list-users                          every user with their role and rules
  grant <email> <action> <subject>    add a rule, e.g. grant ada@example.com get refill
  revoke <email> <action> <subject>   remove a rule (the not-authorized page can then be tried)
  reset-rules <email>                 back to the rules of the user's role
  load-catalog                        load the 12 standard drums and the cable references the
                                      portal ships with (drums need both; rows already there stay)
${apiKeyUsage}

It uses the same settings as the server (DATABASE_URL, DATA_DIR) and applies the migrations
first, so it works on an empty database. The embedded database can be opened by one process at
a time: stop the server before running it on PGlite.`;

const ruleText = (rule: RawRule) => printable(`${String(rule.action)} ${String(rule.subject)}`);

function sameRule(rule: RawRule, action: string, subject: string): boolean {
  return rule.action === action && rule.subject === subject && !rule.inverted;
}

async function findUser(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new AdminError(`No user with the e-mail ${printable(email)}.`);
  return user;
}

const staffOutcomeText = {
  created: 'created as',
  promoted: 'is now staff:',
  role_changed: 'now has the staff role',
  unchanged: 'already has the staff role',
} as const;

/**
 * `add-staff <email> --role <role> [--language <fr|en>]`, in any order, each option also as
 * `--option=value`.
 */
function parseAddStaff(rest: string[]): { email: string; role: StaffRole; language?: Language } {
  let email: string | undefined;
  const options: Partial<Record<'role' | 'language', string>> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const [flag = '', inline] = arg.split(/=(.*)/s);
    const option = (['role', 'language'] as const).find((name) => flag === `--${name}`);
    if (option) {
      const value = inline ?? rest[++i];
      if (value === undefined) throw new AdminError(adminUsage);
      options[option] = value;
    } else if (!arg.startsWith('--') && email === undefined) email = arg;
    else throw new AdminError(adminUsage);
  }
  const { role, language } = options;
  if (!email || !role) throw new AdminError(adminUsage);
  if (!(staffRoles as readonly string[]).includes(role)) {
    throw new AdminError(
      `The staff role must be ${staffRoles.join(' or ')}, not ${printable(role)}.`,
    );
  }
  if (language !== undefined && !(languages as readonly string[]).includes(language)) {
    throw new AdminError(
      `The language must be ${languages.join(' or ')}, not ${printable(language)}.`,
    );
  }
  const address = email.trim().toLowerCase();
  if (!emailPattern.test(address)) {
    throw new AdminError(`Not an e-mail address: ${printable(email)}.`);
  }
  return { email: address, role: role as StaffRole, language: language as Language | undefined };
}

async function catalogSize(db: Database) {
  return { drumTypes: await db.$count(drumTypes), cableProducts: await db.$count(cableProducts) };
}

/** Runs one admin command and returns what to print. */
export async function runAdminCommand(
  db: Database,
  args: string[],
  clock: Clock = systemClock,
  /** The lifetime rules of the keys `create-api-key` makes; none: keys that never expire. */
  apiKeyPolicy: Settings['apiKeys'] = UNLIMITED_API_KEY_LIFETIME,
): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'add-staff': {
      const { email, role, language } = parseAddStaff(rest);
      const { outcome } = await addStaff(db, {
        email,
        role,
        locale: language,
        actor: { userId: null, label: 'command line' },
        now: clock(),
      });
      const signIn =
        outcome === 'unchanged' || outcome === 'role_changed'
          ? ''
          : ' They sign in with a one-time link sent to this address from the sign-in page.';
      return `${printable(email)} ${staffOutcomeText[outcome]} ${role}.${signIn}`;
    }
    case 'list-users': {
      const rows = await db.select().from(users).orderBy(asc(users.createdAt));
      if (rows.length === 0) return 'No users yet.';
      return rows
        .map((user) => {
          const rules = rulesOf(user).map(ruleText).join(', ');
          return `${printable(user.email)}\t${printable(user.company ?? '-')}\t${user.role}\t${rules || '(no rules)'}${user.rules ? ' (overridden)' : ''}`;
        })
        .join('\n');
    }
    case 'grant':
    case 'revoke': {
      const [email, action, subject] = rest;
      if (!email || !action || !subject) throw new AdminError(adminUsage);
      const user = await findUser(db, email);
      const current = rulesOf(user);
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
      return `${printable(user.email)}: the rules of the role ${user.role}`;
    }
    case 'create-api-key':
      return createApiKeyCommand(db, rest, apiKeyPolicy, clock());
    case 'load-catalog': {
      if (rest.length) throw new AdminError(adminUsage);
      const before = await catalogSize(db);
      await catalogSeedStep.run(db);
      const after = await catalogSize(db);
      return `Catalogue: ${after.drumTypes} drum types (${after.drumTypes - before.drumTypes} new), ${after.cableProducts} cable references (${after.cableProducts - before.cableProducts} new).`;
    }
    default:
      throw new AdminError(adminUsage);
  }
}
