import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, type Language, type Namespace } from '@portal/contract';
import { EncodedText, pickEncoding } from '../../http/content-encoding';
import { sendApiNotFound } from '../../http/errors';
import type { Translations } from '../../services/translations';

/**
 * GET /api/locales/{ns}/{lng}.json: revalidated by the client every time, 304 when unchanged;
 * brotli or gzip when the client takes it (a page's texts are a third of their size compressed).
 */
export const localesRoutes =
  (translations: Translations): FastifyPluginAsyncZod =>
  async (app) => {
    // Each file compressed once, when first asked for in that encoding (compressing them all
    // at start-up was a third of a second before the first answer).
    const files = new Map(
      [...translations].map(([key, file]) => [
        key,
        { text: new EncodedText(file.body), etag: file.etag },
      ]),
    );
    app.get(
      '/api/locales/:ns/:file',
      {
        // Its answers go out as bytes kept with their compressed forms.
        compress: false,
        schema: {
          tags: ['locales'],
          summary: "One namespace of the web app's texts in one language (`fr.json`, `en.json`)",
          params: z.object({ ns: z.string().max(40), file: z.string().max(40) }),
          response: { 200: z.record(z.string(), z.unknown()), 304: z.null(), 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const { ns, file } = request.params;
        const lng = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
        const entry = files.get(`${ns as Namespace}/${lng as Language}`);
        if (!entry) return sendApiNotFound(reply);
        reply
          .header('etag', entry.etag)
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Encoding');
        if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send(null);
        const encoding = pickEncoding(request.headers['accept-encoding']);
        if (encoding) {
          return (
            reply
              .type('application/json; charset=utf-8')
              .header('content-encoding', encoding)
              // A buffer goes out as it is: no serialiser runs on it.
              .send(entry.text.encoded(encoding) as unknown as Record<string, unknown>)
          );
        }
        // The file is sent as read: already valid JSON, no need to parse and serialise it again.
        return reply
          .type('application/json; charset=utf-8')
          .send(entry.text.bytes as unknown as Record<string, unknown>);
      },
    );
  };
