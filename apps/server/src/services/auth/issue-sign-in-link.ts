import { sql } from 'drizzle-orm';
import { linkedPages, pageLink, type Language, type SignUpRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { signInLinks, users } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { renderSignInLinkMail } from '../mail/templates/sign-in-link';
import type { Translations } from '../translations';
import { addSeconds } from '../clock';
import { consumeRateLimits, rateLimitNetwork } from '../rate-limit';
import type { Settings } from '../../config/env';
import { SIGN_IN_LINK_TTL_SECONDS } from './constants';
import { DEMO_ACCOUNT_ID } from '../../db/demo-account';
import { generateToken, hashToken } from './tokens';
import { mustSignInWithSso } from './sso/identity-providers';
import { DomainError } from '../domain-error';

/**
 * A visitor never joins an account just by signing up, except in a trial environment (dev or rec)
 * whose demo data is on: there, a new user is put in the demo account to try the portal. In prd
 * no setting can make a sign-up join anything.
 */
export function joinsDemoAccountOnSignUp(settings: Pick<Settings, 'appEnv' | 'demoData'>): boolean {
  return (settings.appEnv === 'dev' || settings.appEnv === 'rec') && settings.demoData;
}

export interface IssueSignInLinkInput {
  request: z.output<typeof SignUpRequestSchema>;
  language: Language;
  ip: string;
  now: Date;
}

/**
 * Sign-up and "send me a new link" are one use-case: create the user if new, issue a
 * link, and queue its mail, all in one transaction. The work is the same for a known and an
 * unknown address (an upsert either way), so neither the answer nor its timing tells them apart.
 */
export async function issueSignInLink(
  db: Database,
  deps: { settings: Settings; translations: Translations },
  { request, language, ip, now }: IssueSignInLinkInput,
): Promise<void> {
  const { settings, translations } = deps;
  const limits = settings.rateLimits;
  // Told before anything is counted or created: the person is sent to single sign-on instead.
  if (await mustSignInWithSso(db, settings, request.email)) {
    throw new DomainError('auth.sso_required');
  }
  await db.transaction(async (tx) => {
    await consumeRateLimits(
      tx,
      [
        {
          bucket: `signup-ip:${rateLimitNetwork(ip)}`,
          max: limits.signUpsPerIpPerMinute,
          windowSeconds: 60,
        },
        {
          bucket: `mail-minute:${request.email}`,
          max: limits.mailPerAddressPerMinute,
          windowSeconds: 60,
        },
        {
          bucket: `mail-hour:${request.email}`,
          max: limits.mailPerAddressPerHour,
          windowSeconds: 3600,
        },
      ],
      now,
    );

    const [user] = await tx
      .insert(users)
      .values({
        email: request.email,
        company: request.company ?? null,
        locale: language,
        createdAt: now,
        // Only where the rule above allows it, and only when the demo account was seeded.
        accountId: joinsDemoAccountOnSignUp(settings)
          ? sql`(select id from accounts where id = ${DEMO_ACCOUNT_ID})`
          : null,
        // Who joins the demo account tries everything in it, as its admin; anyone else starts
        // as a viewer of no account, which shows nothing.
        role: joinsDemoAccountOnSignUp(settings)
          ? sql`(case when exists (select 1 from accounts where id = ${DEMO_ACCOUNT_ID})
              then 'admin' else 'viewer' end)`
          : 'viewer',
      })
      .onConflictDoUpdate({
        target: users.email,
        // A known user keeps their data; a company is only filled in when they had none.
        set: { company: sql`coalesce(${users.company}, excluded.company)` },
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user upsert returned nothing');

    const token = generateToken();
    const expiresAt = addSeconds(now, SIGN_IN_LINK_TTL_SECONDS);
    await tx.insert(signInLinks).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      createdAt: now,
    });

    const link = new URL(pageLink(linkedPages.signIn, token), settings.publicUrl).toString();
    const mail = renderSignInLinkMail(translations, language, {
      link,
      validMinutes: SIGN_IN_LINK_TTL_SECONDS / 60,
    });
    await enqueueMail(tx, {
      ...mail,
      kind: 'sign_in_link',
      to: request.email,
      locale: language,
      link,
      expiresAt,
      now,
    });
  });
}
