import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Settings } from '../../../config/env';
import type { Database } from '../../../db/client';
import { sessions, ssoSessions, users } from '../../../db/schema';
import { addSeconds } from '../../clock';
import { revokeSession } from '../sessions';
import type { SessionCache } from '../session-cache';
import {
  providerByKey,
  STAFF_PROVIDER_KEY,
  type IdentityProviderClients,
} from './identity-providers';
import { isProviderRefusal } from './sso-errors';
import { staffRoleOf } from './staff-role';

/** Sessions re-checked per run; the rest wait for the next run. */
const BATCH = 200;

export interface RecheckReport {
  checked: number;
  ended: number;
  /** Identity providers that did not answer: their sessions are asked again at the next run. */
  unreachable: number;
}

/**
 * Asks each single sign-on session's identity provider, once its re-check is due, whether the
 * person still has access, with the refresh token it gave at sign-in. A refusal (the person was
 * removed or disabled there, the token revoked), staff claims that no longer map to a role, a
 * provider no longer configured, or no refresh token to ask with: the session ends. A staff
 * role that changed is applied. A provider that does not answer is asked again at the next run.
 */
export async function recheckSsoSessions(
  db: Database,
  {
    settings,
    clients,
    sessionCache,
  }: {
    settings: Pick<Settings, 'staffSso' | 'ssoRecheckMinutes'>;
    clients: IdentityProviderClients;
    sessionCache?: SessionCache;
  },
  now: Date,
): Promise<RecheckReport> {
  const due = await db
    .select({ sso: ssoSessions, role: users.role })
    .from(ssoSessions)
    .innerJoin(sessions, eq(sessions.id, ssoSessions.sessionId))
    .innerJoin(users, eq(users.id, ssoSessions.userId))
    .where(
      and(
        lte(ssoSessions.checkDueAt, now),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .orderBy(asc(ssoSessions.checkDueAt))
    .limit(BATCH);
  const report: RecheckReport = { checked: due.length, ended: 0, unreachable: 0 };
  const end = async (sessionId: string) => {
    await revokeSession(db, sessionId, now, sessionCache);
    report.ended += 1;
  };
  for (const { sso, role } of due) {
    const provider = await providerByKey(db, settings, sso.providerKey);
    if (!provider || !sso.refreshToken) {
      await end(sso.sessionId);
      continue;
    }
    let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
    try {
      tokens = await oidc.refreshTokenGrant(
        await clients.configurationOf(provider),
        sso.refreshToken,
      );
    } catch (error) {
      if (isProviderRefusal(error)) await end(sso.sessionId);
      else report.unreachable += 1;
      continue;
    }
    const claims = tokens.claims();
    if (claims && claims.sub !== sso.subject) {
      await end(sso.sessionId);
      continue;
    }
    if (sso.providerKey === STAFF_PROVIDER_KEY && settings.staffSso && claims) {
      const staffRole = staffRoleOf(claims, settings.staffSso);
      if (!staffRole) {
        await end(sso.sessionId);
        continue;
      }
      if (staffRole !== role) {
        await db.update(users).set({ role: staffRole }).where(eq(users.id, sso.userId));
        sessionCache?.forgetUser(sso.userId);
      }
    }
    await db
      .update(ssoSessions)
      .set({
        refreshToken: tokens.refresh_token ?? sso.refreshToken,
        checkDueAt: addSeconds(now, settings.ssoRecheckMinutes * 60),
      })
      .where(eq(ssoSessions.sessionId, sso.sessionId));
  }
  return report;
}
