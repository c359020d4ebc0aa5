import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const trees = ['apps', 'packages', 'e2e', 'scripts', 'tooling', '.ci'];
const skipped = new Set(['node_modules', 'dist', 'test-results', 'storybook-static', 'data']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|js|css|sh)$/.test(entry.name) || entry.name === 'run' ? [path] : [];
  });
}

/**
 * A reference to a document a maintainer does not have: the specification and design notes are
 * not in the repository, nor are issue numbers. A comment states its rule, or links to docs/.
 */
const outsideReference = new RegExp(
  [
    String.raw`\bDESIGN\b`,
    String.raw`\b[Ss]pec(?:'s)? ?§`,
    String.raw`§ ?\d`,
    String.raw`\b[Ii]ssue #?\d+`,
  ].join('|'),
);

describe('comments', () => {
  it('never point at documents outside the repository', () => {
    const found = trees
      .flatMap((tree) => sourceFiles(join(root, tree)))
      .filter((file) => !file.endsWith('comment-references.test.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            outsideReference.test(line)
              ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(found).toEqual([]);
  });

  it('recognise such a reference', () => {
    // Built from parts, so this file does not hold the references it looks for.
    const section = (n: number) => `\u00a7${n}`;
    for (const line of [
      `// spec ${section(2)}`,
      `/* ${'DES'}IGN ${section(8)} */`,
      `(${'iss'}ue 9 budgets)`,
      `the spec's ${section(5)} rule`,
    ]) {
      expect(outsideReference.test(line), line).toBe(true);
    }
    expect(outsideReference.test('// the design of the table')).toBe(false);
  });
});
