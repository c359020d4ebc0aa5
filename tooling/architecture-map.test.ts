import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const map = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
const diagram = map.slice(map.indexOf('```'), map.indexOf('```', map.indexOf('```') + 3));

const folders = (path: string) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Whether the diagram names a folder as a word of its own ("refill" but not in "refills"). */
const named = (name: string) =>
  new RegExp(String.raw`(^|[\s,(:])${name}([\s,;):]|$)`, 'm').test(diagram);

describe('the architecture map', () => {
  it('names every feature of the web app in its diagram', () => {
    expect(folders('apps/web/src/features').filter((name) => !named(name))).toEqual([]);
  });

  it('names every area of the server’s services in its diagram', () => {
    expect(folders('apps/server/src/services').filter((name) => !named(name))).toEqual([]);
  });
});
