import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pages } from '../apps/web/src/config/page-map';

const root = resolve(import.meta.dirname, '..');
const serverSource = join(root, 'apps/server/src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The fixed start of each page's address: `/signin` of `/signin/:hash`. */
const pagePrefixes = [
  ...new Set(
    pages.flatMap((page) =>
      [page.path, ...('aliases' in page ? page.aliases : [])].map((path) =>
        path.replace(/\/:[^/]+.*$/, ''),
      ),
    ),
  ),
];

/** A string literal of the code that starts with `prefix` as a whole path segment. */
const literalOf = (prefix: string) =>
  new RegExp(`['"\`]${prefix.replace(/[/]/g, '\\/')}(?=['"\`/?#$])`);

describe('web paths', () => {
  it('are written once, in the page map: the server reads them from it or from the contract', () => {
    expect(pagePrefixes).toContain('/refill');
    const found = sourceFiles(serverSource).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return pagePrefixes
        .filter((prefix) => literalOf(prefix).test(text))
        .map((prefix) => `${relative(root, file)}: ${prefix}`);
    });
    expect(found).toEqual([]);
  });

  it('are recognised by the check', () => {
    expect(literalOf('/refill').test("new URL('/refill', base)")).toBe(true);
    expect(literalOf('/signin').test('`/signin/${token}`')).toBe(true);
    expect(literalOf('/refill').test("'/api/refill/drums'")).toBe(false);
    expect(literalOf('/auth').test("'/authority'")).toBe(false);
  });
});
