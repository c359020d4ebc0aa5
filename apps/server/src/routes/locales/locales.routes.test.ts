import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(server.url).port);
});

afterAll(async () => {
  await server.close();
});

/** A raw HTTP GET (fetch would decode the body and hide what came over the wire). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const call = request({ host: '127.0.0.1', port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      call.on('error', reject);
      call.end();
    },
  );
}

describe('GET /api/locales/{ns}/{lng}.json', () => {
  it('answers the texts with an ETag, always revalidated, and 304 when unchanged', async () => {
    const first = await get('/api/locales/common/fr.json');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBeUndefined();
    const texts = JSON.parse(first.body.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(texts).length).toBeGreaterThan(0);
    const again = await get('/api/locales/common/fr.json', {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses with brotli, else gzip, when the client takes it', async () => {
    const plain = await get('/api/locales/refill/en.json');
    const brotli = await get('/api/locales/refill/en.json', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);

    const gzip = await get('/api/locales/refill/en.json', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotli.headers.etag).toBe(plain.headers.etag);
  });

  it('answers 404 for an unknown namespace or language, whatever the path holds', async () => {
    for (const path of [
      '/api/locales/nope/fr.json',
      '/api/locales/common/de.json',
      '/api/locales/common/fr',
      '/api/locales/..%2F..%2Fpackage/fr.json',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
