import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found by walking up to the package.json that declares the workspaces.
 * It works the same from the TypeScript sources, the bundled server and the tests.
 */
function findWorkspaceRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
      if (parsed.workspaces) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No workspace root above ${start}`);
    dir = parent;
  }
}

export const workspaceRoot = findWorkspaceRoot(dirname(fileURLToPath(import.meta.url)));

export function workspacePath(...segments: string[]): string {
  return resolve(workspaceRoot, ...segments);
}
