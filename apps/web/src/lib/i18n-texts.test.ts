import i18next, { type TOptions } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  fillIn,
  findText,
  languages,
  type Language,
  type Namespace,
  type Texts,
} from '@portal/contract';
import { i18nOptions } from './i18n';

// Every file of packages/locales, by language and namespace.
const modules = import.meta.glob<Texts>('../../../../packages/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const files = {} as Record<Language, Record<Namespace, Texts>>;
for (const [path, texts] of Object.entries(modules)) {
  const [, namespace, language] = /([a-z]+)\/([a-z]+)\.json$/.exec(path)!;
  (files[language as Language] ??= {} as Record<Namespace, Texts>)[namespace as Namespace] = texts;
}
const namespaces = Object.keys(files.en) as Namespace[];

function leaves(texts: Texts, prefix = ''): Array<[string, string]> {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

/** The app's i18next, with its options, holding every file. */
function appI18n(language: Language) {
  const instance = i18next.createInstance();
  void instance.init({
    ...i18nOptions,
    lng: language,
    ns: namespaces,
    resources: files,
    initAsync: false,
  });
  return instance;
}

/**
 * The text by the rules of the locale files the server's e-mails and documents follow
 * (`findText`, `fillIn`), which the web app's own translation runtime also followed: keys looked
 * up in `lookIn` in order, `ns:key` naming one namespace.
 */
function byTheFilesRules(
  language: Language,
  lookIn: readonly Namespace[],
  fullKey: string,
  values: TOptions,
): string | undefined {
  const separator = fullKey.indexOf(':');
  const [key, sources] =
    separator > 0
      ? [fullKey.slice(separator + 1), [fullKey.slice(0, separator) as Namespace]]
      : [fullKey, lookIn];
  const text = findText(
    sources.map((namespace) => files[language][namespace]),
    language,
    key,
    values.count,
  );
  return text === undefined ? undefined : fillIn(text, values);
}

describe("the app's i18next", () => {
  describe.each(languages)('gives the text the locale files’ rules give, in %s', (language) => {
    const instance = appI18n(language);

    it.each(namespaces)('for every key of %s, with its values and plural counts', (namespace) => {
      const t = instance.getFixedT(language, [namespace]);
      const checked = new Set<string>();
      for (const [path, text] of leaves(files[language][namespace])) {
        const key = path.replace(/_(zero|one|two|few|many|other)$/, '');
        const placeholders = [...text.matchAll(/\{\{([^{}]+)\}\}/g)].map((match) =>
          match[1]!.trim(),
        );
        const values: TOptions = Object.fromEntries(
          placeholders.map((name, index) => [name, `<${name} & ${index}>`]),
        );
        for (const options of key === path
          ? [values, {}]
          : [0, 1, 2, 21, 1.5, 1_000_000].map((count) => ({ ...values, count }))) {
          expect(t(key, options), `${namespace}:${key} ${JSON.stringify(options)}`).toBe(
            byTheFilesRules(language, [namespace], key, options),
          );
          checked.add(key);
        }
      }
      expect(checked.size).toBeGreaterThan(0);
    });

    it('for a key of another namespace, a list of keys, a default value and a missing key', () => {
      const t = instance.getFixedT(language, ['refill', 'errors']);
      const cancel = byTheFilesRules(language, [], 'common:actions.retry', {});
      const close = byTheFilesRules(language, [], 'shell:toast.close', {});
      expect(cancel).toBeTruthy();
      expect(close).toBeTruthy();
      const cases: Array<[string | string[], TOptions | string, string | undefined]> = [
        ['common:actions.retry', {}, cancel],
        ['shell:toast.close', {}, close],
        [['refill:no.such.key', 'common:actions.retry'], {}, cancel],
        ['no.such.key', 'Default', 'Default'],
        ['no.such.key', { defaultValue: 'Hello {{name}}', name: 'Ada' }, 'Hello Ada'],
        // A missing key shows as it is, without its namespace.
        ['no.such.key', {}, 'no.such.key'],
        ['common:no.such.key', {}, 'no.such.key'],
        [['refill:no.such.key', 'refill:no.other.key'], {}, 'no.other.key'],
      ];
      for (const [keys, options, expected] of cases) {
        expect(t(keys, options as TOptions), JSON.stringify(keys)).toBe(expected);
      }
    });
  });

  it('keeps a placeholder without a value, removes one given as undefined, reads a path', () => {
    const instance = i18next.createInstance();
    void instance.init({
      ...i18nOptions,
      lng: 'en',
      resources: { en: { common: { a: '{{x}} and {{ y }}', b: '{{who.name}}' } } },
      initAsync: false,
    });
    const t = instance.getFixedT('en', 'common');
    expect(t('a', { y: 2 })).toBe('{{x}} and 2');
    expect(t('a', { x: undefined, y: null })).toBe(' and ');
    expect(t('b', { who: { name: 'Ada' } })).toBe('Ada');
  });
});
