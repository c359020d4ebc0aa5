import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languages, namespaces, type Language, type Namespace } from '@portal/contract';
import { workspacePath } from '../config/paths';

/** A namespace's file as read, its entity tag, and its messages for server-side texts. */
export interface TranslationFile {
  body: string;
  etag: string;
  messages: Record<string, unknown>;
}

export type Translations = Map<`${Namespace}/${Language}`, TranslationFile>;

export const localesDir = workspacePath('packages/locales');

/**
 * Loads every namespace in every language once, at start-up. Requests are then answered from
 * this map only, so no part of a URL ever reaches the file system.
 */
export function loadTranslations(dir = localesDir): Translations {
  const files: Translations = new Map();
  for (const ns of namespaces) {
    for (const lng of languages) {
      const body = readFileSync(join(dir, ns, `${lng}.json`), 'utf8');
      const messages = JSON.parse(body) as Record<string, unknown>;
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      files.set(`${ns}/${lng}`, { body, etag, messages });
    }
  }
  return files;
}

/** Looks up a dotted key (`mail.signIn.subject`) in a namespace, for server-side texts. */
export function translate(
  translations: Translations,
  ns: Namespace,
  lng: Language,
  key: string,
  values: Record<string, string> = {},
): string {
  let node: unknown = translations.get(`${ns}/${lng}`)?.messages;
  for (const part of key.split('.')) {
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
}
