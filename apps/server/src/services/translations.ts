import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  fillIn,
  findText,
  languages,
  namespaces,
  type Language,
  type Namespace,
  type Texts,
  type TextValues,
} from '@portal/contract';
import { workspacePath } from '../config/paths';

/** A namespace's file as read, its entity tag, and its messages for server-side texts. */
export interface TranslationFile {
  body: string;
  etag: string;
  messages: Texts;
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
      const messages = JSON.parse(body) as Texts;
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      files.set(`${ns}/${lng}`, { body, etag, messages });
    }
  }
  return files;
}

/**
 * The text of a dotted key (`mail.signIn.subject`) in a namespace with `values` filled in (a
 * number `count` chooses the plural form), for server-side texts; the key itself if missing.
 */
export function translate(
  translations: Translations,
  ns: Namespace,
  lng: Language,
  key: string,
  values: TextValues = {},
): string {
  const text = findText([translations.get(`${ns}/${lng}`)?.messages], lng, key, values.count);
  return text === undefined ? key : fillIn(text, values);
}
