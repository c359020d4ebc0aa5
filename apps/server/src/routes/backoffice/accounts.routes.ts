import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDetailSchema,
  AccountInputSchema,
  AccountItemParamsSchema,
  AccountListQuerySchema,
  AccountListSchema,
  AccountParamsSchema,
  ApiErrorSchema,
  type DrumInput,
  DrumInputSchema,
  type EquipmentInput,
  EquipmentInputSchema,
  ImportReportSchema,
  ImportRequestSchema,
  InvitationSchema,
  InviteRequestSchema,
  IMPORT_CSV_MAX,
  type SiteInput,
  SiteInputSchema,
  StaffAuditListSchema,
  StaffAuditQuerySchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { requireRecentSignIn, sessionOf } from '../../http/session';
import { listAllAudit, type Actor } from '../../services/accounts/audit';
import { importCsv } from '../../services/accounts/csv-import';
import {
  createAccount,
  getAccountDetail,
  listAccounts,
  saveDrum,
  saveEquipment,
  saveSite,
  setAccountSuspended,
  updateAccount,
} from '../../services/accounts/onboarding';
import { inviteMember } from '../../services/accounts/team';
import type { SessionCache } from '../../services/auth/session-cache';
import type { Clock } from '../../services/clock';
import { readPage } from '../../services/paging';
import type { Translations } from '../../services/translations';
import type { MailWorker } from '../../mail/worker';
import { errorResponses } from '../../http/error-responses';

export interface AccountsRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  mailWorker: MailWorker;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
  sessionCache?: SessionCache;
}

const errors = errorResponses(400, 401, 403, 404, 409);

const IdResponseSchema = z.object({ id: z.uuid() });

/**
 * Onboarding, on the provider's side: staff read accounts (`get backoffice`); managers create
 * and edit them, their sites, drums and equipment, import CSV files and suspend accounts
 * (`manage accounts`). A customer is refused 403 whatever their rules; an id that is not the
 * account's is a 404. Every change is written to the account's audit trail.
 */
export const accountsRoutes =
  ({
    db,
    settings,
    translations,
    mailWorker,
    clock,
    requireSession,
    sessionCache,
  }: AccountsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const read = [requireSession, requireAbility('get', 'backoffice')];
    const write = [requireSession, requireAbility('manage', 'accounts')];
    const tags = ['backoffice'];
    const actorOf = (request: FastifyRequest): Actor => {
      const user = sessionOf(request).user;
      return { userId: user.id, label: user.email };
    };

    app.get(
      '/api/backoffice/accounts',
      {
        preHandler: read,
        schema: {
          tags,
          summary: 'Customer accounts by name, a page at a time, optionally searched',
          querystring: AccountListQuerySchema,
          response: { 200: AccountListSchema, ...errors },
        },
      },
      async (request) =>
        readPage('accounts', request.query, (rows) => listAccounts(db, request.query.search, rows)),
    );

    app.post(
      '/api/backoffice/accounts',
      {
        preHandler: write,
        schema: {
          tags,
          summary: 'Create a customer account',
          body: AccountInputSchema,
          response: { 201: IdResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const id = await createAccount(db, {
          input: request.body,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(201).send({ id });
      },
    );

    app.get(
      '/api/backoffice/accounts/audit',
      {
        preHandler: read,
        schema: {
          tags,
          summary: 'Every audit trail (all accounts and the provider), newest first, filtered',
          querystring: StaffAuditQuerySchema,
          response: { 200: StaffAuditListSchema, ...errors },
        },
      },
      async (request) => {
        const { accountId, action, who } = request.query;
        return readPage('events', request.query, (rows) =>
          listAllAudit(db, { accountId, action, who }, rows),
        );
      },
    );

    app.get(
      '/api/backoffice/accounts/:id',
      {
        preHandler: read,
        schema: {
          tags,
          summary: 'An account with its sites, drums, installed equipment and users',
          params: AccountParamsSchema,
          response: { 200: AccountDetailSchema, ...errors },
        },
      },
      async (request) => getAccountDetail(db, request.params.id),
    );

    app.put(
      '/api/backoffice/accounts/:id',
      {
        preHandler: write,
        schema: {
          tags,
          summary: "Change an account's name, verified e-mail domains and notes",
          params: AccountParamsSchema,
          body: AccountInputSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await updateAccount(db, {
          accountId: request.params.id,
          input: request.body,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(204).send(null);
      },
    );

    for (const [verb, suspended] of [
      ['suspend', true],
      ['unsuspend', false],
    ] as const) {
      app.post(
        `/api/backoffice/accounts/:id/${verb}`,
        {
          // Suspending an account asks a recent sign-in; lifting a suspension does not.
          preHandler: suspended ? [...write, requireRecentSignIn(clock)] : write,
          schema: {
            tags,
            summary: suspended
              ? "Suspend an account: all its users' sessions end at once"
              : "Lift an account's suspension",
            params: AccountParamsSchema,
            body: z.object({}).optional(),
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          const userIds = await setAccountSuspended(db, {
            accountId: request.params.id,
            suspended,
            actor: actorOf(request),
            now: clock(),
          });
          for (const userId of userIds) sessionCache?.forgetUser(userId);
          return reply.code(204).send(null);
        },
      );
    }

    interface SaveArgs {
      accountId: string;
      itemId?: string;
      input: unknown;
      actor: Actor;
      now: Date;
    }
    // The body was validated against the item's own schema by the route before this runs.
    const items = [
      {
        path: 'sites',
        what: 'site',
        schema: SiteInputSchema,
        save: ({ itemId, input, ...rest }: SaveArgs) =>
          saveSite(db, { ...rest, siteId: itemId, input: input as SiteInput }),
      },
      {
        path: 'drums',
        what: 'drum',
        schema: DrumInputSchema,
        save: ({ itemId, input, ...rest }: SaveArgs) =>
          saveDrum(db, { ...rest, drumId: itemId, input: input as DrumInput }),
      },
      {
        path: 'equipment',
        what: 'installed machine',
        schema: EquipmentInputSchema,
        save: ({ itemId, input, ...rest }: SaveArgs) =>
          saveEquipment(db, { ...rest, equipmentId: itemId, input: input as EquipmentInput }),
      },
    ] as const;
    for (const { path, schema, save, what } of items) {
      app.post(
        `/api/backoffice/accounts/:id/${path}`,
        {
          preHandler: write,
          schema: {
            tags,
            summary: `Add a ${what} to the account`,
            params: AccountParamsSchema,
            body: schema,
            response: { 201: IdResponseSchema, ...errors },
          },
        },
        async (request, reply) => {
          const id = await save({
            accountId: request.params.id,
            input: request.body,
            actor: actorOf(request),
            now: clock(),
          });
          return reply.code(201).send({ id });
        },
      );
      app.put(
        `/api/backoffice/accounts/:id/${path}/:itemId`,
        {
          preHandler: write,
          schema: {
            tags,
            summary: `Change one of the account's ${what}s`,
            params: AccountItemParamsSchema,
            body: schema,
            response: { 200: IdResponseSchema, ...errors },
          },
        },
        async (request) => {
          const id = await save({
            accountId: request.params.id,
            itemId: request.params.itemId,
            input: request.body,
            actor: actorOf(request),
            now: clock(),
          });
          return { id };
        },
      );
    }

    app.post(
      '/api/backoffice/accounts/:id/invitations',
      {
        preHandler: write,
        schema: {
          tags,
          summary:
            "Invite someone into the account (its first admin, usually): the customer's own one-time link",
          params: AccountParamsSchema,
          body: InviteRequestSchema,
          response: { 201: InvitationSchema, ...errors, 410: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        // The account must exist: its detail answers 404 otherwise.
        await getAccountDetail(db, request.params.id);
        const invitation = await inviteMember(
          db,
          { settings, translations },
          {
            ...actorOf(request),
            userId: sessionOf(request).user.id,
            accountId: request.params.id,
            // Staff act on the whole account.
            siteIds: null,
          },
          request.body,
          clock(),
        );
        mailWorker.poke();
        return reply.code(201).send(invitation);
      },
    );

    app.post(
      '/api/backoffice/accounts/:id/import',
      {
        preHandler: write,
        // The file's text, in JSON: room for the longest file the contract accepts.
        bodyLimit: IMPORT_CSV_MAX * 4 + 1024,
        schema: {
          tags,
          summary:
            'Import drums or installed equipment from CSV: a dry run reports each row, apply writes them',
          params: AccountParamsSchema,
          body: ImportRequestSchema,
          response: { 200: ImportReportSchema, ...errors },
        },
      },
      async (request) =>
        importCsv(db, {
          accountId: request.params.id,
          ...request.body,
          actor: actorOf(request),
          now: clock(),
        }),
    );
  };
