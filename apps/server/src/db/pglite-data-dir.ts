import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The file whose presence makes a directory an existing cluster: written last. */
export const CLUSTER_MARKER = 'PG_VERSION';

const BLOCK = 512;

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
  await Promise.all(files.map(({ path, body }) => writeFile(path, body, { mode: 0o600 })));
  for (const { path, body } of markers) await writeFile(path, body, { mode: 0o600 });
}

/** The size of a WAL segment file: PGlite's clusters keep PostgreSQL's default. */
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;

/**
 * The name of the WAL segment that holds the cluster's last checkpoint, read from
 * `global/pg_control` (its `checkPoint` at byte 32 and the checkpoint's timeline at byte 48,
 * little-endian, the same in every version since PostgreSQL 9.5).
 */
export function checkpointWalSegment(pgControl: Uint8Array): string {
  const view = new DataView(pgControl.buffer, pgControl.byteOffset, pgControl.byteLength);
  const checkpoint = view.getBigUint64(32, true);
  const timeline = view.getUint32(48, true);
  const segment = checkpoint / BigInt(WAL_SEGMENT_BYTES);
  const perLogId = BigInt(0x1_0000_0000 / WAL_SEGMENT_BYTES);
  const hex = (value: bigint | number) => value.toString(16).toUpperCase().padStart(8, '0');
  return `${hex(timeline)}${hex(segment / perLogId)}${hex(segment % perLogId)}`;
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
 * read. Of the WAL, only the segment holding the last checkpoint is kept: the others are spares
 * PostgreSQL recycled ahead of need, and it makes new ones when it needs them.
 */
export function directoryAsTar(dir: string): Uint8Array {
  const keptWal = checkpointWalSegment(readFileSync(join(dir, 'global/pg_control')));
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
          if (entry.name !== keptWal) continue;
        }
        const body = readFileSync(join(dir, name));
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
