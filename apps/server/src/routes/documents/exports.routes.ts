import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditExportQuerySchema,
  DrumExportQuerySchema,
  DrumIdParamsSchema,
  ExportQuerySchema,
  InboxExportQuerySchema,
  ReadingExportQuerySchema,
  SparePartListQuerySchema,
  type ExportFormat,
  type Language,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import {
  auditExport,
  collectionExport,
  drumExport,
  inboxExport,
  partExport,
  quoteExport,
  readingExport,
  refillRequestExport,
  type ExportList,
  type ExportReader,
} from '../../services/exports/export-lists';
import { contentTypes, exportTable } from '../../services/exports/table-export';
import { safeTimeZone } from '../../services/refill/delivery-date';
import type { Translations } from '../../services/translations';
import { streamedAnswerCompression } from '../../http/content-encoding';
import { errorResponses } from '../../http/error-responses';
import { fileAnswer } from '../../http/file-answers';

export interface ExportRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
}

const answers = {
  200: fileAnswer('The list as a CSV or XLSX file, as `format` asks', 'csv', 'xlsx'),
  ...errorResponses(400, 401, 403, 404),
};

/** The catalogue search's filters, without its paging: an export takes every page. */
const { page: _page, pageSize: _pageSize, ...partFilters } = SparePartListQuerySchema.shape;
const PartExportQuerySchema = ExportQuerySchema.extend(partFilters);

/**
 * Every list as a CSV or XLSX file, under the filters the screen shows, in the reader's language:
 * the same abilities and the same rows as the list itself, streamed as the rows are read.
 */
export const exportRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    requireSession,
  }: ExportRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const readerOf = (request: FastifyRequest): ExportReader => {
      const user = sessionOf(request).user;
      return {
        accountId: user.accountId,
        userId: user.id,
        sitesInScope: user.siteIds,
        language: user.locale as Language,
        translations,
      };
    };

    /**
     * Reads the first chunk before answering: a refusal (an unknown equipment, a search the
     * database gives up on) is still an error answer, not a download cut short.
     */
    const started = async (chunks: AsyncGenerator<Uint8Array>) => {
      const first = await chunks.next();
      return (async function* () {
        if (!first.done) yield first.value;
        yield* chunks;
      })();
    };

    const send = async <Row>(
      reply: FastifyReply,
      request: FastifyRequest,
      list: ExportList<Row>,
      query: { format: ExportFormat; tz?: string },
    ) => {
      const reader = readerOf(request);
      const day = clock().toISOString().slice(0, 10);
      const fileName = `${list.name} ${day}.${query.format}`;
      const stream = Readable.from(
        await started(
          exportTable(list.columns, list.rows, {
            format: query.format,
            language: reader.language,
            timeZone: safeTimeZone(query.tz),
            sheetName: list.name,
          }),
        ),
        { objectMode: false },
      );
      return reply
        .type(contentTypes[query.format])
        .header(
          'content-disposition',
          `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(stream);
    };

    const refill = [requireSession, requireAbility('get', 'refill')];
    const spareparts = [requireSession, requireAbility('get', 'spareparts')];
    const tags = ['exports'];

    app.get(
      '/api/exports/drums',
      {
        compress: streamedAnswerCompression,
        preHandler: refill,
        schema: {
          tags,
          summary: "The account's drums under the overview's filters, as CSV or XLSX",
          querystring: DrumExportQuerySchema,
          response: answers,
        },
      },
      async (request, reply) =>
        send(
          reply,
          request,
          await drumExport(db, readerOf(request), request.query, clock(), settings),
          request.query,
        ),
    );

    app.get(
      '/api/exports/drums/:id/readings',
      {
        compress: streamedAnswerCompression,
        preHandler: refill,
        schema: {
          tags,
          summary: "A drum's readings (optionally from/to a day), oldest first, as CSV or XLSX",
          params: DrumIdParamsSchema,
          querystring: ReadingExportQuerySchema,
          response: answers,
        },
      },
      async (request, reply) =>
        send(
          reply,
          request,
          await readingExport(db, readerOf(request), {
            drumId: request.params.id,
            from: request.query.from,
            to: request.query.to,
          }),
          request.query,
        ),
    );

    /** A list the screen shows whole, with no filter beyond the reader's own scope. */
    const wholeList = <Row>(
      path: string,
      preHandler: preHandlerAsyncHookHandler[],
      summary: string,
      list: (request: FastifyRequest) => ExportList<Row>,
    ) =>
      app.get(
        path,
        {
          compress: streamedAnswerCompression,
          preHandler,
          schema: { tags, summary, querystring: ExportQuerySchema, response: answers },
        },
        async (request, reply) => send(reply, request, list(request), request.query),
      );

    wholeList(
      '/api/exports/refill-requests',
      refill,
      "The account's refill requests, newest first, as CSV or XLSX",
      (request) => refillRequestExport(db, readerOf(request)),
    );
    wholeList(
      '/api/exports/collections',
      refill,
      "The account's drum collections, newest first, as CSV or XLSX",
      (request) => collectionExport(db, readerOf(request)),
    );
    wholeList(
      '/api/exports/quotes',
      spareparts,
      "The account's quote requests, newest first, as CSV or XLSX",
      (request) => {
        const user = sessionOf(request).user;
        // A user limited to some sites sees only the quotes they asked for (a quote has no site).
        return quoteExport(db, readerOf(request), {
          onlyCreatedBy: user.siteIds ? user.id : undefined,
          taxRateBasisPoints: settings.taxRateBasisPoints,
        });
      },
    );

    app.get(
      '/api/exports/spareparts',
      {
        compress: streamedAnswerCompression,
        preHandler: spareparts,
        schema: {
          tags,
          summary: 'The catalogue search (search, category, equipment, sort) as CSV or XLSX',
          querystring: PartExportQuerySchema,
          response: answers,
        },
      },
      async (request, reply) =>
        send(reply, request, partExport(db, readerOf(request), request.query), request.query),
    );

    app.get(
      '/api/exports/audit',
      {
        compress: streamedAnswerCompression,
        preHandler: [requireSession, requireAbility('get', 'audit')],
        schema: {
          tags,
          summary: "The account's audit trail under the screen's filters, as CSV or XLSX",
          querystring: AuditExportQuerySchema,
          response: answers,
        },
      },
      async (request, reply) =>
        send(
          reply,
          request,
          auditExport(db, readerOf(request), {
            action: request.query.action,
            who: request.query.who,
          }),
          request.query,
        ),
    );

    app.get(
      '/api/exports/inbox',
      {
        compress: streamedAnswerCompression,
        preHandler: [requireSession, requireAbility('get', 'backoffice')],
        schema: {
          tags,
          summary: "The provider's inbox under the filters on screen, as CSV or XLSX (staff only)",
          querystring: InboxExportQuerySchema,
          response: answers,
        },
      },
      async (request, reply) => {
        const { format: _format, tz: _tz, ...filter } = request.query;
        return send(
          reply,
          request,
          inboxExport(db, readerOf(request), filter, clock()),
          request.query,
        );
      },
    );
  };
