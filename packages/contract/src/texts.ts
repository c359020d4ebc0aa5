import type { Language } from './locales';

/**
 * How a text is found and filled in in the files of packages/locales, the web app's and the
 * server's alike. The files are i18next's JSON v4: nested keys, `{{value}}` placeholders, plural
 * forms as suffixes (`key_one`, `key_other`…) chosen by `Intl.PluralRules`.
 */

/** One namespace's texts in one language: nested objects of strings. */
export interface Texts {
  [key: string]: string | Texts;
}

/** Values a text fills in (`{{name}}`); a number `count` also chooses its plural form. */
export interface TextValues {
  count?: number | string;
  [name: string]: unknown;
}

const pluralRulesByLanguage = new Map<Language, Intl.PluralRules>();

function pluralRules(language: Language): Intl.PluralRules {
  let rules = pluralRulesByLanguage.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRulesByLanguage.set(language, rules);
  }
  return rules;
}

/** The entry at `key`: a key of `texts` as it is, else a path through its objects (`a.b.c`). */
function entryAt(texts: Texts, key: string): string | Texts | undefined {
  if (Object.hasOwn(texts, key)) return texts[key];
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * The text of `key` in the first of `sources` that has it, before filling in. With a number
 * `count`, the forms are tried from the most specific: `key_zero` for 0 where it exists, the
 * language's form for the count, the key itself, `key_other`.
 */
export function findText(
  sources: ReadonlyArray<Texts | undefined>,
  language: Language,
  key: string,
  count?: unknown,
): string | undefined {
  const keys =
    typeof count === 'number'
      ? [
          ...(count === 0 ? [`${key}_zero`] : []),
          `${key}_${pluralRules(language).select(count)}`,
          key,
          `${key}_other`,
        ]
      : [key];
  for (const texts of sources) {
    if (!texts) continue;
    for (const candidate of keys) {
      const text = entryAt(texts, candidate);
      if (typeof text === 'string') return text;
    }
  }
  return undefined;
}

function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value as string);
}

/**
 * `{{name}}` (or `{{a.b}}`) becomes the value's text. A placeholder without a value stays as it
 * is, unless its name was given as undefined (then it is removed), as i18next does.
 */
export function fillIn(text: string, values: TextValues): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{([^{}]+)\}\}/g, (placeholder, name: string) => {
    const path = name.trim();
    if (path in values) return toText(values[path]);
    let value: unknown = values;
    for (const part of path.split('.')) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) {
        return placeholder;
      }
      value = (value as Record<string, unknown>)[part];
    }
    return toText(value);
  });
}
