import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, freeText, RawRuleSchema, roles, sideOf } from '@portal/contract';
import { isLoopback } from '../../config/env';
import type { Database } from '../../db/client';
import { mailOutbox, sessions, users } from '../../db/schema';
import { DomainError } from '../../services/domain-error';
import { escapeHtml } from '../../services/mail/templates/layout';
import type { SessionCache } from '../../services/auth/session-cache';

const MailboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * Development helpers, registered only in dev and without SMTP_URL: the local mailbox, and ways
 * for end-to-end tests to change a user's rules or role on the in-memory database. They answer only
 * clients on this machine (the client's address after TRUST_PROXY): to anyone else they do not
 * exist, even on a dev server listening on 0.0.0.0.
 */
export const devRoutes =
  (db: Database, sessionCache?: SessionCache): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      done(isLoopback(request.ip) ? undefined : new DomainError('request.not_found'));
    });
    app.get(
      '/api/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary:
            'The latest mails kept by the dev mailbox (HTML, or JSON with Accept: application/json)',
          querystring: z.object({ to: freeText({ max: 254 }).optional() }),
          response: { 200: z.array(MailboxEntrySchema) },
        },
      },
      async (request, reply) => {
        const rows = await db
          .select()
          .from(mailOutbox)
          .where(
            request.query.to ? eq(mailOutbox.toAddress, request.query.to.toLowerCase()) : undefined,
          )
          .orderBy(desc(mailOutbox.createdAt))
          .limit(50);
        const entries = rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.text,
          link: row.link,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        }));
        if ((request.headers.accept ?? '').includes('application/json')) return entries;
        const items = entries
          .map(
            (mail) =>
              `<li><p><strong>${escapeHtml(mail.subject)}</strong> → ${escapeHtml(mail.to)} <small>${escapeHtml(mail.createdAt)}</small></p>` +
              (mail.link
                ? `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`
                : '') +
              `<pre>${escapeHtml(mail.text)}</pre></li>`,
          )
          .join('');
        return reply
          .type('text/html; charset=utf-8')
          .serializer((body) => body as string)
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body><h1>Dev mailbox</h1><ol>${items || '<li>No mail yet.</li>'}</ol></body></html>` as never,
          );
      },
    );

    app.put(
      '/api/dev/users/rules',
      {
        schema: {
          tags: ['dev'],
          summary: "Replace a user's CASL rules (null restores the default)",
          body: z.object({ email: z.email(), rules: z.array(RawRuleSchema).nullable() }),
          response: { 204: z.null(), 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const updated = await db
          .update(users)
          .set({ rules: request.body.rules })
          .where(eq(users.email, request.body.email.toLowerCase()))
          .returning({ id: users.id });
        if (updated.length === 0) throw new DomainError('request.not_found');
        for (const { id } of updated) sessionCache?.forgetUser(id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/dev/route-abilities',
      {
        schema: {
          tags: ['dev'],
          summary:
            'Every API route with the abilities it requires ("METHOD /path": [[action, subject]], each must hold; none for a route any signed-in user may call), read from its checks: the browser tests derive from it which controls a role may be offered',
          response: {
            200: z.record(z.string(), z.array(z.array(z.string()).length(2))),
          },
        },
      },
      async () =>
        Object.fromEntries(
          app.registeredRoutes
            .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
            .map((route) => [
              `${route.method} ${route.url}`,
              route.abilities.map(([action, subject]): [string, string] => [action, subject]),
            ]),
        ),
    );

    app.put(
      '/api/dev/users/role',
      {
        schema: {
          tags: ['dev'],
          summary:
            "Give a user a role (and a customer's site limit), as the admin CLI and team page do",
          body: z.object({
            email: z.email(),
            role: z.enum(roles),
            siteIds: z.array(z.uuid()).nullable().default(null),
          }),
          response: { 204: z.null(), 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const { email, role, siteIds } = request.body;
        // Staff work for the provider: in no account, on no site, as `staff add` makes them.
        const isStaff = sideOf(role) === 'staff';
        const updated = await db
          .update(users)
          .set({
            role,
            siteIds: isStaff ? null : siteIds,
            rules: null,
            ...(isStaff ? { accountId: null } : {}),
          })
          .where(eq(users.email, email.toLowerCase()))
          .returning({ id: users.id });
        if (updated.length === 0) throw new DomainError('request.not_found');
        for (const { id } of updated) sessionCache?.forgetUser(id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/dev/users/sign-in-age',
      {
        schema: {
          tags: ['dev'],
          summary:
            "Make a user's live sessions look signed in `minutes` ago, for trying step-up without waiting",
          body: z.object({
            email: z.email(),
            minutes: z
              .number()
              .int()
              .min(0)
              .max(60 * 24),
          }),
          response: { 204: z.null(), 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const { email, minutes } = request.body;
        const [user] = await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, email.toLowerCase()));
        if (!user) throw new DomainError('request.not_found');
        await db
          .update(sessions)
          .set({ authenticatedAt: new Date(Date.now() - minutes * 60_000) })
          .where(eq(sessions.userId, user.id));
        sessionCache?.forgetUser(user.id);
        return reply.code(204).send(null);
      },
    );
  };
