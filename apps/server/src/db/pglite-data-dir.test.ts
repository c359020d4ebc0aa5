import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkpointWalSegment,
  directoryAsTar,
  walSegmentToStartFrom,
  isPlainTar,
  writeSnapshotToDirectory,
} from './pglite-data-dir';

/** A tar of `entries` as PGlite writes one: ustar headers, names from the cluster's root. */
function tarOf(entries: Array<{ name: string; body?: string; type?: '0' | '5' }>): Uint8Array {
  const blocks: Buffer[] = [];
  for (const { name, body = '', type = '0' } of entries) {
    const header = Buffer.alloc(512);
    header.write(name, 0);
    header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124);
    header.write(type, 156);
    header.write('ustar\u000000', 257);
    blocks.push(header);
    const content = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
    content.write(body);
    blocks.push(content);
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-data-dir-'));
  dirs.push(dir);
  return join(dir, 'cluster');
};

describe('writeSnapshotToDirectory', () => {
  it('writes the directories and files of the snapshot', async () => {
    const dir = newDir();
    await writeSnapshotToDirectory(
      tarOf([
        { name: '/pg_wal/archive_status', type: '5' },
        { name: '/PG_VERSION', body: '17\n' },
        { name: '/base/1/PG_VERSION', body: '17\n' },
        { name: '/base/1/1259', body: 'x'.repeat(700) },
      ]),
      dir,
    );
    expect(existsSync(join(dir, 'pg_wal/archive_status'))).toBe(true);
    expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(dir, 'base/1/1259'), 'utf8')).toBe('x'.repeat(700));
  });

  it('refuses a path outside the directory, and a snapshot without its marker file', async () => {
    await expect(
      writeSnapshotToDirectory(tarOf([{ name: '/../outside', body: 'x' }]), newDir()),
    ).rejects.toThrow(/outside/);
    await expect(
      writeSnapshotToDirectory(tarOf([{ name: '/base/1/PG_VERSION', body: '17' }]), newDir()),
    ).rejects.toThrow(/PG_VERSION/);
  });

  it('fails with the file system error when a file cannot be written, and writes no marker', async () => {
    const dir = newDir();
    mkdirSync(join(dir, 'base'), { recursive: true });
    // A file where the snapshot has a directory.
    writeFileSync(join(dir, 'base/1'), 'not a directory');
    await expect(
      writeSnapshotToDirectory(
        tarOf([
          { name: '/PG_VERSION', body: '17\n' },
          { name: '/base/1/1259', body: 'x' },
        ]),
        dir,
      ),
    ).rejects.toThrow(/EEXIST|ENOTDIR/);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
  });

  it('tells a plain tar from a gzipped one', () => {
    expect(isPlainTar(tarOf([{ name: '/PG_VERSION', body: '17' }]))).toBe(true);
    expect(isPlainTar(new Uint8Array([0x1f, 0x8b, 8, 0]))).toBe(false);
  });
});

/** A `global/pg_control` as far as `checkpointWalSegment` reads it. */
function pgControl(checkpoint: bigint, timeline = 1): Uint8Array {
  const bytes = new Uint8Array(8192);
  const view = new DataView(bytes.buffer);
  view.setBigUint64(32, checkpoint, true);
  view.setUint32(48, timeline, true);
  return bytes;
}

describe('checkpointWalSegment', () => {
  it('names the segment of the last checkpoint, as PostgreSQL names its WAL files', () => {
    expect(checkpointWalSegment(pgControl(0x2b91aa0n))).toEqual({
      name: '000000010000000000000002',
      offset: 0xb91aa0,
    });
    expect(checkpointWalSegment(pgControl(0x1_2345_6789n, 3))).toEqual({
      name: '000000030000000100000023',
      offset: 0x456789,
    });
  });
});

describe('directoryAsTar', () => {
  it('gives back the directory through writeSnapshotToDirectory, WAL spares left out', async () => {
    const dir = newDir();
    const segment = 'x'.repeat(1000);
    mkdirSync(join(dir, 'global'), { recursive: true });
    mkdirSync(join(dir, 'base/5'), { recursive: true });
    mkdirSync(join(dir, 'pg_wal/archive_status'), { recursive: true });
    writeFileSync(join(dir, 'PG_VERSION'), '18\n');
    writeFileSync(join(dir, 'global/pg_control'), pgControl(0x2b91aa0n));
    writeFileSync(join(dir, 'base/5/16384'), 'y'.repeat(513));
    writeFileSync(join(dir, 'pg_wal/000000010000000000000002'), segment);
    writeFileSync(join(dir, 'pg_wal/000000010000000000000003'), segment);

    const tar = directoryAsTar(dir);
    expect(isPlainTar(tar)).toBe(true);
    const copy = newDir();
    await writeSnapshotToDirectory(tar, copy);
    expect(readFileSync(join(copy, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(readFileSync(join(copy, 'base/5/16384'), 'utf8')).toBe('y'.repeat(513));
    expect(readFileSync(join(copy, 'global/pg_control'))).toEqual(
      Buffer.from(pgControl(0x2b91aa0n)),
    );
    expect(existsSync(join(copy, 'pg_wal/archive_status'))).toBe(true);
    expect(readdirSync(join(copy, 'pg_wal')).sort()).toEqual([
      '000000010000000000000002',
      'archive_status',
    ]);
  });
});

describe('walSegmentToStartFrom', () => {
  it("keeps the segment's first page and the checkpoint's pages, zeros elsewhere", () => {
    const segment = new Uint8Array(16 * 8192).fill(7);
    const kept = walSegmentToStartFrom(segment, 5 * 8192 + 100);
    expect(kept.length).toBe(segment.length);
    const pageSums = Array.from({ length: 16 }, (_, page) =>
      kept.subarray(page * 8192, (page + 1) * 8192).reduce((sum, byte) => sum + byte, 0),
    );
    expect(pageSums.map((sum) => sum > 0)).toEqual(
      Array.from({ length: 16 }, (_, page) => page === 0 || page === 5 || page === 6),
    );
    expect(kept.subarray(5 * 8192, 7 * 8192).every((byte) => byte === 7)).toBe(true);
  });
});

describe('writeSnapshotToDirectory, large files', () => {
  it('reads back a file of pages of zeros written with holes as it was', async () => {
    const body = new Uint8Array(2 * 1024 * 1024 + 300);
    body.fill(1, 0, 10);
    body.fill(2, 1024 * 1024, 1024 * 1024 + 8192 * 3);
    body.fill(3, body.length - 5);
    const dir = newDir();
    const tar = Buffer.concat([
      tarOf([{ name: '/PG_VERSION', body: '18' }]).subarray(0, 1024),
      tarHeaderOf('/pg_wal/000000010000000000000001', body.length),
      body,
      Buffer.alloc((512 - (body.length % 512)) % 512),
      Buffer.alloc(1024),
    ]);
    await writeSnapshotToDirectory(tar, dir);
    // equals, not toEqual: a byte-by-byte diff of 2 MiB takes seconds.
    expect(readFileSync(join(dir, 'pg_wal/000000010000000000000001')).equals(body)).toBe(true);
  });
});

function tarHeaderOf(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('0', 156);
  header.write('ustar\u000000', 257);
  return header;
}
