import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

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
 * three times as long on a first start. The cluster's marker file is written last, so a start
 * cut short leaves a directory that the next start takes as new and fills again.
 */
export function writeSnapshotToDirectory(tar: Uint8Array, dir: string): void {
  const root = resolve(dir);
  const markers: Array<{ path: string; body: Uint8Array }> = [];
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
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type === '0') {
      if (path.endsWith(`${sep}${CLUSTER_MARKER}`) && dirname(path) === root) {
        markers.push({ path, body });
      } else {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, body, { mode: 0o600 });
      }
    } else {
      throw new Error(`the snapshot holds an entry of a kind not expected (${type}): ${name}`);
    }
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (markers.length === 0) throw new Error(`the snapshot has no ${CLUSTER_MARKER}`);
  for (const { path, body } of markers) writeFileSync(path, body, { mode: 0o600 });
}
