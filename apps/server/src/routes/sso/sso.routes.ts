import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountParamsSchema,
  AccountSsoInputSchema,
  AccountSsoSchema,
  linkedPages,
  ssoCallbackPath,
  SsoDiscoveryRequestSchema,
  SsoDiscoverySchema,
  SsoStartQuerySchema,
  ssoStartPath,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { errorResponses } from '../../http/error-responses';
import { requireRecentSignIn, sessionOf, type SessionCookies } from '../../http/session';
import type { SessionCache } from '../../services/auth/session-cache';
import { resolveSession, revokeSession } from '../../services/auth/sessions';
import { readAccountSso, saveAccountSso } from '../../services/auth/sso/account-sso';
import { finishSsoSignIn } from '../../services/auth/sso/finish-sso-sign-in';
import {
  ssoRefusal,
  SsoRefusal,
  ssoRouteFor,
  staffProviderOf,
  type IdentityProviderClients,
} from '../../services/auth/sso/identity-providers';
import { startSsoSignIn, SSO_SIGN_IN_TTL_SECONDS } from '../../services/auth/sso/start-sso-sign-in';
import type { Clock } from '../../services/clock';

export interface SsoRoutesDeps {
  db: Database;
  settings: Settings;
  clock: Clock;
  clients: IdentityProviderClients;
  cookies: SessionCookies;
  requireSession: preHandlerAsyncHookHandler;
  sessionCache?: SessionCache;
}

const errors = errorResponses(400, 401, 403, 404);

/**
 * Single sign-on (OpenID Connect, authorization code with PKCE): which way an address signs
 * in, the start (to the identity provider) and the return (a session, or the failure page that
 * says why), and the account's identity provider as staff set it (`manage accounts`).
 */
export const ssoRoutes =
  ({
    db,
    settings,
    clock,
    clients,
    cookies,
    requireSession,
    sessionCache,
  }: SsoRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = settings.publicUrl.protocol === 'https:';
    const stateCookie = secure ? '__Host-sso_state' : 'sso_state';
    const stateCookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
    const redirectUri = new URL(ssoCallbackPath, settings.publicUrl).toString();

    /** A refusal is logged with its cause and shown on the failure page, in the SPA's words. */
    const sendToFailurePage = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
      if (!(error instanceof SsoRefusal)) throw error;
      const { reason } = error;
      request.log.warn({ code: `sso.${reason}`, cause: error.cause }, 'single sign-on refused');
      const page = new URL(linkedPages.ssoFailed, settings.publicUrl);
      page.searchParams.set('reason', reason);
      return reply.redirect(`${page.pathname}${page.search}`, 303);
    };

    app.post(
      '/api/auth/sso/discover',
      {
        schema: {
          tags: ['auth'],
          summary: 'How an address signs in: a mailed link, or single sign-on (and whether only)',
          body: SsoDiscoveryRequestSchema,
          response: { 200: SsoDiscoverySchema, ...errors },
        },
      },
      async (request) => {
        const route = await ssoRouteFor(db, settings, request.body.email);
        if (!route) return { method: 'link' as const };
        const start = new URLSearchParams(
          route.provider.accountId ? { email: request.body.email } : { staff: '1' },
        );
        return {
          method: 'sso' as const,
          provider: route.provider.name,
          startPath: `${ssoStartPath}?${start}`,
          required: route.required,
        };
      },
    );

    app.get(
      ssoStartPath,
      {
        schema: {
          tags: ['auth'],
          summary:
            "Go to the identity provider (a browser's navigation): the staff's or the address's",
          querystring: SsoStartQuerySchema,
        },
      },
      async (request, reply) => {
        try {
          const { email, staff, returnTo } = request.query;
          const route = email ? await ssoRouteFor(db, settings, email) : undefined;
          const provider = staff ? staffProviderOf(settings) : route?.provider;
          if (!provider) throw ssoRefusal('not_configured');
          const now = clock();
          const held = cookies.read(request);
          const signedIn = held
            ? await resolveSession(db, held, now, { cache: sessionCache })
            : undefined;
          const { authorizationUrl, state } = await startSsoSignIn(db, clients, {
            provider,
            redirectUri,
            loginHint: email,
            returnTo,
            reauthenticate: Boolean(signedIn),
            now,
          });
          void reply.setCookie(stateCookie, state, {
            ...stateCookieOptions,
            maxAge: SSO_SIGN_IN_TTL_SECONDS,
          });
          return await reply.redirect(authorizationUrl.toString(), 303);
        } catch (error) {
          return sendToFailurePage(request, reply, error);
        }
      },
    );

    app.get(
      ssoCallbackPath,
      {
        schema: {
          tags: ['auth'],
          summary: 'The identity provider sends the browser back here: a session, or why not',
        },
      },
      async (request, reply) => {
        const now = clock();
        const browserState = request.cookies[stateCookie];
        void reply.clearCookie(stateCookie, stateCookieOptions);
        const previous = cookies.read(request);
        const current = previous
          ? await resolveSession(db, previous, now, { cache: sessionCache })
          : undefined;
        try {
          const callbackUrl = new URL(request.url, settings.publicUrl);
          const { user, session, steppedUp, returnTo } = await finishSsoSignIn(
            db,
            { settings, clients },
            {
              callbackUrl,
              browserState,
              now,
              userAgent: request.headers['user-agent'] ?? null,
              currentSession: current && {
                sessionId: current.sessionId,
                userId: current.user.id,
              },
            },
          );
          sessionCache?.forgetUser(user.id);
          // One browser, one session: a session of someone else it held ends here.
          if (!steppedUp && current) await revokeSession(db, current.sessionId, now, sessionCache);
          cookies.set(reply, session.token, session.expiresAt);
          request.log.info({ userId: user.id }, 'single sign-on');
          return await reply.redirect(returnTo ?? '/', 303);
        } catch (error) {
          return sendToFailurePage(request, reply, error);
        }
      },
    );

    // Who signs an account's people in is a security setting: it asks for a recent sign-in.
    const manage = [
      requireSession,
      requireAbility('manage', 'accounts'),
      requireRecentSignIn(clock),
    ];

    app.get(
      '/api/backoffice/accounts/:id/sso',
      {
        preHandler: [requireSession, requireAbility('get', 'backoffice')],
        schema: {
          tags: ['backoffice'],
          summary: "The account's identity provider (never its client secret)",
          params: AccountParamsSchema,
          response: { 200: AccountSsoSchema, ...errors },
        },
      },
      async (request) => readAccountSso(db, request.params.id),
    );

    app.put(
      '/api/backoffice/accounts/:id/sso',
      {
        preHandler: manage,
        schema: {
          tags: ['backoffice'],
          summary: "Set the account's identity provider for some of its verified domains",
          params: AccountParamsSchema,
          body: AccountSsoInputSchema,
          response: { 200: AccountSsoSchema, ...errors },
        },
      },
      async (request) => {
        const actor = sessionOf(request).user;
        return saveAccountSso(db, {
          accountId: request.params.id,
          input: request.body,
          actor: { userId: actor.id, label: actor.email },
          keys: settings.secretKeys,
          now: clock(),
        });
      },
    );
  };
