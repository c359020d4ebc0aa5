import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The file whose presence makes a directory an existing cluster: written last. */
export const CLUSTER_MARKER = 'PG_VERSION';

const BLOCK = 512;
/** PostgreSQL's page, of tables and of the WAL alike. */
const PAGE = 8192;

function field(header: Uint8Array, offset: number, length: number): string {
  const bytes = header.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
}

/** Whether `bytes` is an uncompressed tar (`ustar` at its place in the first header). */
export function isPlainTar(bytes: Uint8Array): boolean {
  return bytes.length >= BLOCK && field(bytes, 257, 5) === 'ustar';
}

/**
 * Writes a PGlite snapshot (`dumpDataDir('none')`, a plain tar of the cluster) into `dir` with
 * the file system's own calls: PGlite loading it through its virtual file system took about
 * three times as long on a first start. The files are written by libuv's thread pool, so the
 * caller's thread goes on (a start loads its modules meanwhile). The cluster's marker file is
 * written last, so a start cut short leaves a directory that the next start takes as new and
 * fills again.
 */
export async function writeSnapshotToDirectory(tar: Uint8Array, dir: string): Promise<void> {
  const root = resolve(dir);
  const files: Array<{ path: string; body: Uint8Array }> = [];
  const markers: typeof files = [];
  const made = new Set<string>();
  const makeDirectory = (path: string) => {
    if (made.has(path)) return;
    mkdirSync(path, { recursive: true });
    made.add(path);
  };
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    const name = field(header, 0, 100);
    if (!name) break;
    const prefix = field(header, 345, 155);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1) || '0';
    const path = resolve(root, `.${sep}${prefix ? `${prefix}/${name}` : name}`);
    if (
      path !== root &&
      !relative(root, path)
        .split(sep)
        .every((part) => part && part !== '..')
    ) {
      throw new Error(`the snapshot names a path outside its directory: ${name}`);
    }
    const body = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    if (type === '5') makeDirectory(path);
    else if (type === '0') {
      if (path.endsWith(`${sep}${CLUSTER_MARKER}`) && dirname(path) === root) {
        markers.push({ path, body });
      } else {
        makeDirectory(dirname(path));
        files.push({ path, body });
      }
    } else {
      throw new Error(`the snapshot holds an entry of a kind not expected (${type}): ${name}`);
    }
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (markers.length === 0) throw new Error(`the snapshot has no ${CLUSTER_MARKER}`);
  makeDirectory(root);
  await Promise.all(files.map(({ path, body }) => writeFileWithHoles(path, body)));
  for (const { path, body } of markers) await writeFile(path, body, { mode: 0o600 });
}

const ZERO_PAGE = Buffer.alloc(PAGE);

/** Files from this size on are written without their pages of zeros. */
const SPARSE_FROM_BYTES = 1024 * 1024;

/**
 * Writes `body` to `path`, its pages of zeros (most of the WAL segment a template keeps) left as
 * holes, which read back as zeros and take neither writing nor disk space.
 */
async function writeFileWithHoles(path: string, body: Uint8Array): Promise<void> {
  if (body.length < SPARSE_FROM_BYTES) return writeFile(path, body, { mode: 0o600 });
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.length);
  const isZeroPage = (start: number) => {
    const end = Math.min(start + PAGE, body.length);
    return bytes.subarray(start, end).equals(ZERO_PAGE.subarray(0, end - start));
  };
  const file = await open(path, 'w', 0o600);
  try {
    for (let start = 0; start < body.length;) {
      if (isZeroPage(start)) {
        start += PAGE;
        continue;
      }
      let end = start + PAGE;
      while (end < body.length && !isZeroPage(end)) end += PAGE;
      end = Math.min(end, body.length);
      await file.write(body, start, end - start, start);
      start = end;
    }
    await file.truncate(body.length);
  } finally {
    await file.close();
  }
}

/** The size of a WAL segment file: PGlite's clusters keep PostgreSQL's default. */
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;

/**
 * The name of the WAL segment that holds the cluster's last checkpoint, read from
 * `global/pg_control` (its `checkPoint` at byte 32 and the checkpoint's timeline at byte 48,
 * little-endian, the same in every version since PostgreSQL 9.5).
 */
export function checkpointWalSegment(pgControl: Uint8Array): { name: string; offset: number } {
  const view = new DataView(pgControl.buffer, pgControl.byteOffset, pgControl.byteLength);
  const checkpoint = view.getBigUint64(32, true);
  const timeline = view.getUint32(48, true);
  const segment = checkpoint / BigInt(WAL_SEGMENT_BYTES);
  const perLogId = BigInt(0x1_0000_0000 / WAL_SEGMENT_BYTES);
  const hex = (value: bigint | number) => value.toString(16).toUpperCase().padStart(8, '0');
  return {
    name: `${hex(timeline)}${hex(segment / perLogId)}${hex(segment % perLogId)}`,
    offset: Number(checkpoint % BigInt(WAL_SEGMENT_BYTES)),
  };
}

/**
 * The WAL segment of a cluster shut down cleanly with only what a start reads kept: its first
 * page (whose header PostgreSQL checks on opening a segment) and the pages of the checkpoint
 * record. A start replays nothing and writes its WAL from the end of that record on; what came
 * before is of no use (PostgreSQL recycles such segments), and zeros are what a new segment
 * holds, which `writeSnapshotToDirectory` leaves as holes.
 */
export function walSegmentToStartFrom(segment: Uint8Array, checkpointOffset: number): Uint8Array {
  const kept = new Uint8Array(segment.length);
  kept.set(segment.subarray(0, PAGE));
  const from = Math.floor(checkpointOffset / PAGE) * PAGE;
  // The record is a few hundred bytes at most: it may run onto the next page, never further.
  if (from < segment.length) kept.set(segment.subarray(from, from + 2 * PAGE), from);
  return kept;
}

function tarHeader(name: string, size: number, type: '0' | '5'): Uint8Array {
  if (Buffer.byteLength(name) > 100) throw new Error(`a name too long for a tar header: ${name}`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0);
  header.write(`${(type === '5' ? 0o700 : 0o600).toString(8).padStart(7, '0')}\0`, 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  header.write(type, 156);
  header.write('ustar\u000000', 257);
  // The checksum is summed with its own field as spaces.
  header.fill(' ', 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/**
 * A cluster directory of a PGlite that was closed (shut down cleanly, so a start from it
 * replays no WAL) as a plain tar that `writeSnapshotToDirectory` and PGlite's `loadDataDir`
 * read. Of the WAL, only the segment holding the last checkpoint is kept, and of it only what a
 * start reads (`walSegmentToStartFrom`): the other segments are spares PostgreSQL recycled
 * ahead of need, and it makes new ones when it needs them.
 */
export function directoryAsTar(dir: string): Uint8Array {
  const checkpoint = checkpointWalSegment(readFileSync(join(dir, 'global/pg_control')));
  const parts: Uint8Array[] = [];
  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(join(dir, relativeDir), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const name = `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) {
        parts.push(tarHeader(name, 0, '5'));
        walk(name);
      } else if (entry.isFile()) {
        if (relativeDir === '/pg_wal' && /^[0-9A-F]{24}$/.test(entry.name)) {
          if (entry.name !== checkpoint.name) continue;
        }
        let body: Uint8Array = readFileSync(join(dir, name));
        if (name === `/pg_wal/${checkpoint.name}`) {
          body = walSegmentToStartFrom(body, checkpoint.offset);
        }
        parts.push(tarHeader(name, body.length, '0'), body);
        const padding = (BLOCK - (body.length % BLOCK)) % BLOCK;
        if (padding) parts.push(new Uint8Array(padding));
      }
    }
  };
  walk('');
  parts.push(new Uint8Array(2 * BLOCK));
  return Buffer.concat(parts);
}
