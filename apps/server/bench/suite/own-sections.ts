import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { root } from './processes';

/**
 * Sections of docs/performance.md that a benchmark of their own writes (`--write`), between
 * `<!-- name: … -->` and `<!-- /name -->`; `npm run bench`, which writes the rest, keeps them.
 */
const TARGET = join(root, 'docs/performance.md');

const startMarker = (name: string, command: string) => `<!-- ${name}: written by ${command} -->`;
const endMarker = (name: string) => `<!-- /${name} -->`;

/** Every own section of `markdown`, in order, markers included. */
export function ownSections(markdown: string): string[] {
  return [...markdown.matchAll(/<!-- ([\w-]+): written by [^>]*-->[\s\S]*?<!-- \/\1 -->/g)].map(
    (match) => match[0],
  );
}

/** The section with its markers, as `writeOwnSection` puts it. */
export function ownSection(name: string, command: string, lines: string[]): string {
  return [startMarker(name, command), '', ...lines, '', endMarker(name)].join('\n');
}

/** Replaces the section `name` of docs/performance.md, or adds it at the end. */
export async function writeOwnSection(name: string, section: string): Promise<void> {
  const current = readFileSync(TARGET, 'utf8');
  const start = current.indexOf(`<!-- ${name}: written by `);
  const end = current.indexOf(endMarker(name));
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + endMarker(name).length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(TARGET, await format(next, { ...(await resolveConfig(TARGET)), filepath: TARGET }));
}
