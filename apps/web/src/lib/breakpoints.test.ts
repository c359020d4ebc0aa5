import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { belowQuery, breakpoints, fromQuery } from './use-media-query';

const workspace = resolve(import.meta.dirname, '../../../..');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : files(path, pattern);
    return pattern.test(entry) && !entry.includes('.test.') ? [path] : [];
  });
}

const sources = [join(workspace, 'apps/web/src'), join(workspace, 'packages/ui/src')];

describe('breakpoints', () => {
  it('are written one way in code: under or from a breakpoint', () => {
    expect(belowQuery('tablet')).toBe('(width < 768px)');
    expect(fromQuery('tablet')).toBe('(width >= 768px)');
    expect(breakpoints).toEqual({ smallTablet: 576, tablet: 768, desktop: 1280, wide: 1600 });
  });

  it('are written the same way in every style sheet (no 767.98, no 768 on both sides)', () => {
    const values = Object.values(breakpoints);
    const slips: string[] = [];
    for (const file of sources.flatMap((dir) => files(dir, /\.css$/))) {
      for (const [query] of readFileSync(file, 'utf8').matchAll(/@media[^{]*/g)) {
        for (const [, number] of query.matchAll(/(\d+(?:\.\d+)?)px/g)) {
          const near = values.find((value) => Math.abs(value - Number(number)) < 1);
          if (near === undefined) continue;
          if (!query.includes(`(width < ${near}px)`) && !query.includes(`(width >= ${near}px)`)) {
            slips.push(`${file.replace(workspace, '')}: ${query.trim()}`);
          }
        }
      }
    }
    expect(slips).toEqual([]);
  });

  it('are never shifted by hand in code (breakpoint - 0.02, - 1)', () => {
    const slips = sources
      .flatMap((dir) => files(dir, /\.tsx?$/))
      .filter((file) =>
        /breakpoints\.\w+\s*[-+]|(min|max)-width:\s*\$\{/.test(readFileSync(file, 'utf8')),
      );
    expect(slips.map((file) => file.replace(workspace, ''))).toEqual([]);
  });
});
