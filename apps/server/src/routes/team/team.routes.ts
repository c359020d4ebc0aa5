import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  AuditListSchema,
  AuditQuerySchema,
  ChangeMemberRequestSchema,
  IdParamsSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationTokenSchema,
  InviteRequestSchema,
  ProfileSchema,
  TeamMemberSchema,
  TeamQuerySchema,
  TeamSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { browserLanguage } from '../../http/request-language';
import { requireRecentSignIn, sessionOf, type SessionCookies } from '../../http/session';
import type { MailWorker } from '../../mail/worker';
import { listAudit } from '../../services/accounts/audit';
import { approveMember } from '../../services/accounts/registration';
import {
  acceptInvitation,
  changeMember,
  inviteMember,
  listTeam,
  previewInvitation,
  removeMember,
  resendInvitation,
  revokeInvitation,
  teamActor,
} from '../../services/accounts/team';
import { toProfile } from '../../services/auth/profiles';
import type { SessionCache } from '../../services/auth/session-cache';
import { resolveSession, revokeSession } from '../../services/auth/sessions';
import type { Clock } from '../../services/clock';
import { pageOf, readPage, rowsFor } from '../../services/paging';
import type { Translations } from '../../services/translations';
import { errorResponses } from '../../http/error-responses';

export interface TeamRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker: MailWorker;
  cookies: SessionCookies;
  requireSession: preHandlerAsyncHookHandler;
  sessionCache?: SessionCache;
}

const errors = errorResponses(400, 401, 403, 404, 409, 410);

/**
 * The customer admin's team: colleagues with role and sites, invitations, the audit trail (each
 * route needs `manage team`, the trail `get audit`); and the invitee's two public routes, which
 * read the one-time link's token from the body, never from a URL a log could keep.
 */
export const teamRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    mailWorker,
    cookies,
    requireSession,
    sessionCache,
  }: TeamRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = [requireSession, requireAbility('manage', 'team')];
    const tags = ['team'];
    const actorOf = (request: Parameters<typeof sessionOf>[0]) =>
      teamActor(sessionOf(request).user);

    app.get(
      '/api/team',
      {
        preHandler,
        schema: {
          tags,
          summary: "The account's members (a page), open invitations and sites",
          querystring: TeamQuerySchema,
          response: { 200: TeamSchema, ...errors },
        },
      },
      async (request) => {
        const team = await listTeam(db, actorOf(request), rowsFor(request.query), clock());
        const { items, nextOffset } = pageOf(team.members, request.query);
        return { ...team, members: items, nextOffset };
      },
    );

    app.post(
      '/api/team/invitations',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Invite a colleague by e-mail: a one-time link valid 7 days, in their language',
          description:
            'Invitation mails, first sends and resends alike, are limited over 24 hours per invited address, per inviter and per account: past a limit the answer is 429 `team.address_invited_too_often` or `team.too_many_invitations` with Retry-After.',
          body: InviteRequestSchema,
          response: { 201: InvitationSchema, ...errors, 429: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const invitation = await inviteMember(
          db,
          { settings, translations },
          actorOf(request),
          request.body,
          clock(),
        );
        mailWorker.poke();
        return reply.code(201).send(invitation);
      },
    );

    app.post(
      '/api/team/invitations/:id/resend',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Send an open invitation again with a new link (the old one stops working)',
          params: IdParamsSchema,
          body: z.object({}).optional(),
          response: { 200: InvitationSchema, ...errors, 429: ApiErrorSchema },
        },
      },
      async (request) => {
        const invitation = await resendInvitation(
          db,
          { settings, translations },
          actorOf(request),
          request.params.id,
          clock(),
        );
        mailWorker.poke();
        return invitation;
      },
    );

    app.delete(
      '/api/team/invitations/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Withdraw an open invitation',
          params: IdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeInvitation(db, actorOf(request), request.params.id, clock());
        return reply.code(204).send(null);
      },
    );

    app.patch(
      '/api/team/members/:id',
      {
        preHandler: [...preHandler, requireRecentSignIn(clock)],
        schema: {
          tags,
          summary: "Change a member's role and sites (the account keeps at least one admin)",
          params: IdParamsSchema,
          body: ChangeMemberRequestSchema,
          response: { 200: TeamMemberSchema, ...errors },
        },
      },
      async (request) => {
        const member = await changeMember(
          db,
          actorOf(request),
          request.params.id,
          request.body,
          clock(),
        );
        sessionCache?.forgetUser(request.params.id);
        return member;
      },
    );

    app.delete(
      '/api/team/members/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Remove a member from the account; their sessions end at once',
          params: IdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removeMember(db, actorOf(request), request.params.id, clock());
        sessionCache?.forgetUser(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/team/members/:id/approve',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Let in a colleague who joined by the account’s verified e-mail domain (as a viewer)',
          params: IdParamsSchema,
          body: z.object({}).optional(),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await approveMember(db, sessionOf(request).user, request.params.id, clock());
        sessionCache?.forgetUser(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/team/audit',
      {
        preHandler: [requireSession, requireAbility('get', 'audit')],
        schema: {
          tags,
          summary: "The account's audit trail, newest first, filtered by action or person",
          querystring: AuditQuerySchema,
          response: { 200: AuditListSchema, ...errors },
        },
      },
      async (request) => {
        const { action, who, ...page } = request.query;
        return readPage('events', page, (rows) =>
          listAudit(db, actorOf(request).accountId, { action, who: who || undefined }, rows),
        );
      },
    );

    // Public: the invitation link is all the invitee has.
    app.post(
      '/api/invitations/preview',
      {
        schema: {
          tags: ['invitations'],
          summary: 'What an invitation link offers (opening the page spends nothing)',
          body: InvitationTokenSchema,
          response: { 200: InvitationPreviewSchema, 400: ApiErrorSchema, 410: ApiErrorSchema },
        },
      },
      async (request) => previewInvitation(db, request.body.token, clock()),
    );

    app.post(
      '/api/invitations/accept',
      {
        schema: {
          tags: ['invitations'],
          summary: 'Accept an invitation: join the account and sign in (sets the session cookie)',
          body: InvitationTokenSchema,
          response: {
            200: ProfileSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            409: ApiErrorSchema,
            410: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const now = clock();
        const { user, sessionToken, sessionExpiresAt } = await acceptInvitation(
          db,
          request.body.token,
          {
            now,
            userAgent: request.headers['user-agent'] ?? null,
            browserLanguage: browserLanguage(request.headers),
            settings,
          },
        );
        sessionCache?.forgetUser(user.id);
        // A session the browser already had ends here: one browser, one session.
        const previous = cookies.read(request);
        if (previous) {
          const old = await resolveSession(db, previous, now, { cache: sessionCache });
          if (old) await revokeSession(db, old.sessionId, now, sessionCache);
        }
        cookies.set(reply, sessionToken, sessionExpiresAt);
        return toProfile(user);
      },
    );
  };
