import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const localesDir = new URL('../../packages/locales/', import.meta.url);

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : leaves(value),
  );
}

const readTexts = (namespace: string, language: 'fr' | 'en') =>
  leaves(
    JSON.parse(readFileSync(new URL(`${namespace}/${language}.json`, localesDir), 'utf8')) as Tree,
  );

let frenchOnly: string[] | undefined;

/**
 * The portal's French texts that no English text holds, cut at their placeholders: pieces of six
 * letters or more. Any of them on a page shown in English is French that crept in.
 */
export function frenchOnlyTexts(): string[] {
  if (frenchOnly) return frenchOnly;
  const namespaces = readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => entry.name);
  const english = namespaces.flatMap((namespace) => readTexts(namespace, 'en')).join('\n');
  const pieces = namespaces
    .flatMap((namespace) => readTexts(namespace, 'fr'))
    .flatMap((text) => text.split(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.replace(/[^\p{L}]/gu, '').length >= 6 && !english.includes(piece));
  frenchOnly = [...new Set(pieces)];
  return frenchOnly;
}

/** The page, as read, holds no French: neither a French text of the portal nor one of `also`. */
export async function expectNoFrench(page: Page, also: readonly string[] = []): Promise<void> {
  const text = await page.locator('body').innerText();
  expect([...frenchOnlyTexts(), ...also].filter((piece) => text.includes(piece))).toEqual([]);
}
