import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';

/**
 * A request that finds no free database connection within the pool's timeout is a load to wait
 * out: it answers 503 with Retry-After and the code `server.busy`, never 500. Forced with a real
 * node-postgres pool of one connection, to a "database" that accepts connections and never
 * answers: the first query times out opening its connection, the second waiting for the first.
 */
let silent: Server;
const sockets = new Set<Socket>();
let pool: pg.Pool;
let app: FastifyInstance;

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  pool = new pg.Pool({
    connectionString: `postgres://portal@127.0.0.1:${port}/portal`,
    max: 1,
    connectionTimeoutMillis: 200,
  });
  pool.on('error', () => undefined);
  const db = drizzle(pool);
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/query', async () => db.execute(sql`select 1`));
  app.get('/fault', async () => {
    throw new Error('a fault of the code');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await pool.end().catch(() => undefined);
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('a database too busy to give a connection', () => {
  it('answers 503 server.busy with Retry-After, the waiting request as the connecting one', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/query' }),
      app.inject({ method: 'GET', url: '/query' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.json()).toEqual({ message: 'server.busy' });
    }
  });

  it('leaves any other unexpected error a 500 server.internal', async () => {
    const answer = await app.inject({ method: 'GET', url: '/fault' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ message: 'server.internal' });
  });
});
