// `npm run bench:attachments`: writes and reads files of 5 MB (the upload limit) in PostgreSQL
// two ways, pieces of bytea rows and large objects (lo_put / lo_get by offset, so neither holds
// a file whole in memory), and prints the time per file and the database's size per file.
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the run works in
// a throwaway database it creates and drops.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

// eslint-disable-next-line no-restricted-properties -- a bench reads its own knob
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PIECE = 256 * 1024;
const FILE = 5 * 1024 * 1024;
const FILES = 20;

async function main(): Promise<void> {
  const name = `portal_bench_files_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(
      'create table chunks (stored_name text, seq int, bytes bytea not null, primary key (stored_name, seq))',
    );
    await client.query('create table objects (stored_name text primary key, oid oid not null)');
    const file = randomBytes(FILE);
    const pieces = Array.from({ length: Math.ceil(FILE / PIECE) }, (_, i) =>
      file.subarray(i * PIECE, (i + 1) * PIECE),
    );

    const timed = async (work: (i: number) => Promise<void>) => {
      const started = performance.now();
      for (let i = 0; i < FILES; i++) await work(i);
      return (performance.now() - started) / FILES;
    };

    const writeChunks = await timed(async (i) => {
      await client.query('begin');
      for (const [seq, bytes] of pieces.entries())
        await client.query('insert into chunks values ($1, $2, $3)', [`f${i}`, seq, bytes]);
      await client.query('commit');
    });
    const readChunks = await timed(async (i) => {
      let size = 0;
      for (let seq = 0; size < FILE; seq++) {
        const { rows } = await client.query<{ bytes: Buffer }>(
          'select bytes from chunks where stored_name = $1 and seq = $2',
          [`f${i}`, seq],
        );
        size += rows[0]!.bytes.length;
      }
    });
    const writeObjects = await timed(async (i) => {
      await client.query('begin');
      const { rows } = await client.query<{ oid: number }>('select lo_create(0) as oid');
      const oid = rows[0]!.oid;
      for (const [seq, bytes] of pieces.entries())
        await client.query('select lo_put($1, $2, $3)', [oid, seq * PIECE, bytes]);
      await client.query('insert into objects values ($1, $2)', [`f${i}`, oid]);
      await client.query('commit');
    });
    const readObjects = await timed(async (i) => {
      const { rows } = await client.query<{ oid: number }>(
        'select oid from objects where stored_name = $1',
        [`f${i}`],
      );
      await client.query('begin');
      for (let offset = 0; offset < FILE; offset += PIECE)
        await client.query('select lo_get($1, $2, $3)', [rows[0]!.oid, offset, PIECE]);
      await client.query('commit');
    });
    const sizes = await client.query<{ chunks: string; objects: string }>(
      `select pg_total_relation_size('chunks') as chunks,
              pg_total_relation_size('pg_largeobject') as objects`,
    );
    const perFile = (bytes: string) => `${(Number(bytes) / FILES / 1024 / 1024).toFixed(2)} MB`;
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.info(`${FILES} random files of 5 MB, pieces of 256 KiB, one connection`);
    console.info(`| way | write a file | read a file | on disk per file |`);
    console.info(`| --- | --- | --- | --- |`);
    console.info(
      `| bytea pieces | ${ms(writeChunks)} | ${ms(readChunks)} | ${perFile(sizes.rows[0]!.chunks)} |`,
    );
    console.info(
      `| large objects | ${ms(writeObjects)} | ${ms(readObjects)} | ${perFile(sizes.rows[0]!.objects)} |`,
    );
  } finally {
    await client.end();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

await main();
