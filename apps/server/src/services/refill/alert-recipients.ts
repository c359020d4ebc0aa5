import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import {
  MAX_EXTERNAL_ALERT_RECIPIENTS,
  type AlertRecipient,
  type Language,
  linkedPages,
  pageLink,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database, Transaction } from '../../db/client';
import { accounts, alertRecipientConfirmations, users } from '../../db/schema';
import { DomainError } from '../domain-error';
import { enqueueMail } from '../mail/outbox';
import { renderAlertRecipientConfirmationMail } from '../mail/templates/alert-recipient-confirmation';
import type { Translations } from '../translations';
import { generateToken, hashToken } from '../auth/tokens';
import { consumeRateLimits, consumeUpTo, type RateLimit } from '../rate-limit';

/**
 * A confirmation link works for a week, once; its mail is not worth sending after that. A
 * recipient who let it expire gets a new one when the settings naming them are saved again.
 */
const CONFIRMATION_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * The daily allowance of mails an account causes to be sent on its behalf (alerts, confirmation
 * mails): one account cannot turn the portal into a mail cannon.
 */
export function accountMailLimit(settings: Settings, accountId: string): RateLimit {
  return {
    bucket: `alert-mail:${accountId}`,
    max: settings.alertMailsPerAccountPerDay,
    windowSeconds: 24 * 3600,
  };
}

/** Lower-cased addresses of the account's users among `emails`. */
async function membersAmong(db: Database, accountId: string, emails: string[]) {
  if (!emails.length) return new Set<string>();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.email, emails)));
  return new Set(rows.map((row) => row.email));
}

/**
 * Before alert settings are saved: the recipients outside the account's users are at most
 * MAX_EXTERNAL_ALERT_RECIPIENTS, and each new one gets its single confirmation mail (in the
 * language of the user who added them), counted against the account's daily mail allowance.
 * An address that was ever added keeps its state: adding it again sends nothing while its link
 * is valid or once it is confirmed; a pending address whose link expired gets a new link.
 */
export async function prepareAlertRecipients(
  tx: Transaction,
  deps: { settings: Settings; translations: Translations },
  args: { accountId: string; recipients: string[]; locale: Language; now: Date },
): Promise<{ confirmationsQueued: number }> {
  const { accountId, recipients, locale, now } = args;
  const members = await membersAmong(tx, accountId, recipients);
  const external = recipients.filter((email) => !members.has(email));
  if (external.length > MAX_EXTERNAL_ALERT_RECIPIENTS) {
    throw new DomainError('request.invalid', [
      { field: 'recipients', errorCode: 'alerts.too_many_external_recipients' },
    ]);
  }
  if (!external.length) return { confirmationsQueued: 0 };
  const known = await tx
    .select({
      email: alertRecipientConfirmations.email,
      confirmedAt: alertRecipientConfirmations.confirmedAt,
      createdAt: alertRecipientConfirmations.createdAt,
    })
    .from(alertRecipientConfirmations)
    .where(
      and(
        eq(alertRecipientConfirmations.accountId, accountId),
        inArray(alertRecipientConfirmations.email, external),
      ),
    );
  const linkIssuedAfter = now.getTime() - CONFIRMATION_LINK_TTL_MS;
  const settled = new Set(
    known
      .filter((row) => row.confirmedAt || row.createdAt.getTime() > linkIssuedAfter)
      .map((row) => row.email),
  );
  const expired = new Set(known.map((row) => row.email).filter((email) => !settled.has(email)));
  const fresh = external.filter((email) => !settled.has(email));
  if (!fresh.length) return { confirmationsQueued: 0 };
  const limit = accountMailLimit(deps.settings, accountId);
  // All of them or none: a recipient saved without its confirmation mail could never confirm.
  for (let i = 0; i < fresh.length; i++) await consumeRateLimits(tx, [limit], now);
  const [account] = await tx
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  for (const email of fresh) {
    const token = generateToken();
    const link = { locale, tokenHash: hashToken(token), createdAt: now };
    if (expired.has(email)) {
      await tx
        .update(alertRecipientConfirmations)
        .set(link)
        .where(
          and(
            eq(alertRecipientConfirmations.accountId, accountId),
            eq(alertRecipientConfirmations.email, email),
          ),
        );
    } else {
      await tx.insert(alertRecipientConfirmations).values({ accountId, email, ...link });
    }
    const mail = renderAlertRecipientConfirmationMail(deps.translations, locale, {
      link: new URL(
        pageLink(linkedPages.alertRecipientConfirmation, token),
        deps.settings.publicUrl,
      ).toString(),
      account: account?.name ?? '',
    });
    await enqueueMail(tx, {
      ...mail,
      kind: 'alert_recipient_confirmation',
      to: email,
      locale,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LINK_TTL_MS),
      now,
    });
  }
  return { confirmationsQueued: fresh.length };
}

/** Each configured recipient with its state, in the settings' order. */
export async function listAlertRecipients(
  db: Database,
  accountId: string | null,
  recipients: string[],
): Promise<AlertRecipient[]> {
  if (!accountId || !recipients.length) return [];
  const members = await membersAmong(db, accountId, recipients);
  const confirmed = await confirmedExternals(db, accountId, recipients);
  return recipients.map((email) => ({
    email,
    status: members.has(email) ? 'member' : confirmed.has(email) ? 'confirmed' : 'pending',
  }));
}

async function confirmedExternals(db: Database, accountId: string, emails: string[]) {
  if (!emails.length) return new Map<string, Language>();
  const rows = await db
    .select({
      email: alertRecipientConfirmations.email,
      locale: alertRecipientConfirmations.locale,
    })
    .from(alertRecipientConfirmations)
    .where(
      and(
        eq(alertRecipientConfirmations.accountId, accountId),
        inArray(alertRecipientConfirmations.email, emails),
        isNotNull(alertRecipientConfirmations.confirmedAt),
      ),
    );
  return new Map(rows.map((row) => [row.email, row.locale]));
}

/**
 * Who gets an alert mail: the configured recipients that are users of the account or have
 * confirmed, else (none configured) every user of the account. Users read it in their own
 * language, outside recipients in the language of the user who added them.
 */
export async function alertMailRecipients(
  db: Database,
  accountId: string,
  configured: string[],
): Promise<Array<{ email: string; locale: Language }>> {
  const memberRows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(
      configured.length
        ? and(eq(users.accountId, accountId), inArray(users.email, configured))
        : eq(users.accountId, accountId),
    );
  if (!configured.length) return memberRows;
  const memberLocales = new Map(memberRows.map((row) => [row.email, row.locale]));
  const confirmed = await confirmedExternals(db, accountId, configured);
  return configured.flatMap((email) => {
    const locale = memberLocales.get(email) ?? confirmed.get(email);
    return locale ? [{ email, locale }] : [];
  });
}

/** How many of `wanted` alert mails the account's daily allowance still lets through. */
export async function alertMailsAllowed(
  tx: Transaction,
  settings: Settings,
  accountId: string,
  wanted: number,
  now: Date,
): Promise<number> {
  return consumeUpTo(tx, accountMailLimit(settings, accountId), wanted, now);
}

/** Confirms the recipient of a one-time link; the link works once, for a week. */
export async function confirmAlertRecipient(
  db: Database,
  args: { token: string; now: Date },
): Promise<{ email: string }> {
  const tokenHash = hashToken(args.token);
  const linkIssuedAfter = new Date(args.now.getTime() - CONFIRMATION_LINK_TTL_MS);
  const [row] = await db
    .update(alertRecipientConfirmations)
    .set({ confirmedAt: args.now, tokenHash: null })
    .where(
      and(
        eq(alertRecipientConfirmations.tokenHash, tokenHash),
        gt(alertRecipientConfirmations.createdAt, linkIssuedAfter),
      ),
    )
    .returning({ email: alertRecipientConfirmations.email });
  if (row) return { email: row.email };
  const [expired] = await db
    .select({ email: alertRecipientConfirmations.email })
    .from(alertRecipientConfirmations)
    .where(eq(alertRecipientConfirmations.tokenHash, tokenHash));
  throw new DomainError(
    expired ? 'alerts.confirmation_link_expired' : 'alerts.confirmation_link_invalid',
  );
}
