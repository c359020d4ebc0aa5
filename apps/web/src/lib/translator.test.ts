import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { languages, type Language, type Namespace } from '@portal/contract';
import { Translator, type TOptions, type Texts } from './translator';

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

function translators(language: Language) {
  const reference = i18next.createInstance();
  void reference.init({
    lng: language,
    fallbackLng: false,
    initAsync: false,
    resources: files,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  const translator = new Translator({ languages, fallbackLanguage: 'fr', language });
  for (const namespace of namespaces) {
    translator.addTexts(language, namespace, files[language][namespace]);
  }
  return { reference, translator };
}

describe('the translator', () => {
  describe.each(languages)('gives the text i18next gives, in %s', (language) => {
    const { reference, translator } = translators(language);

    it.each(namespaces)('for every key of %s, with its values and plural counts', (namespace) => {
      const t = translator.getFixedT(namespace);
      const expected = reference.getFixedT(language, namespace);
      const checked = new Set<string>();
      for (const [path, text] of leaves(files[language][namespace])) {
        const key = path.replace(/_(zero|one|two|few|many|other)$/, '');
        const placeholders = [...text.matchAll(/\{\{([^{}]+)\}\}/g)].map((match) =>
          match[1]!.trim(),
        );
        const values: TOptions = Object.fromEntries(
          placeholders.map((name, index) => [name, `‹${name} ${index}›`]),
        );
        for (const options of key === path
          ? [values, {}]
          : [0, 1, 2, 21, 1.5, 1_000_000].map((count) => ({ ...values, count }))) {
          expect(t(key, options), `${namespace}:${key} ${JSON.stringify(options)}`).toBe(
            expected(key, options),
          );
          checked.add(key);
        }
      }
      expect(checked.size).toBeGreaterThan(0);
    });

    it('for a key of another namespace, a list of keys, a default value and a missing key', () => {
      const t = translator.getFixedT(['refill', 'errors']);
      const expected = reference.getFixedT(language, ['refill', 'errors']);
      const cases: Array<[string | string[], (TOptions & { defaultValue?: string }) | string]> = [
        ['common:actions.cancel', {}],
        ['shell:toast.close', {}],
        [['refill:no.such.key', 'common:actions.cancel'], {}],
        ['no.such.key', 'Default'],
        ['no.such.key', { defaultValue: 'Hello {{name}}', name: 'Ada' }],
        ['no.such.key', {}],
        ['common:no.such.key', {}],
        [['refill:no.such.key', 'refill:no.other.key'], {}],
      ];
      for (const [keys, options] of cases) {
        expect(t(keys, options), JSON.stringify(keys)).toBe(expected(keys, options as never));
      }
    });
  });

  it('keeps a placeholder without a value, removes one given as undefined, reads a path', () => {
    const translator = new Translator({ languages, fallbackLanguage: 'fr', language: 'en' });
    translator.addTexts('en', 'common', { a: '{{x}} and {{ y }}', b: '{{who.name}}' });
    const t = translator.getFixedT();
    expect(t('a', { y: 2 })).toBe('{{x}} and 2');
    expect(t('a', { x: undefined, y: null })).toBe(' and ');
    expect(t('b', { who: { name: 'Ada' } })).toBe('Ada');
  });
});

describe('a started translator', () => {
  function started(
    detected: string[],
    load = vi.fn(async (_language: Language, _namespace: Namespace): Promise<Texts> => ({
      hello: 'hi',
    })),
  ) {
    const persist = vi.fn();
    const translator = new Translator({ languages, fallbackLanguage: 'fr' });
    const start = translator.start(['common'], { detect: () => detected, persist, load });
    return { translator, start, load, persist };
  }

  it('takes the first supported language detected, keeps it, and loads the namespaces in it', async () => {
    const { translator, start, load, persist } = started(['de-DE', 'EN-gb', 'fr']);
    expect(translator.language).toBe('en');
    expect(translator.hasLoadedNamespaces(['common'])).toBe(false);
    await start;
    expect(translator.hasLoadedNamespaces(['common'])).toBe(true);
    expect(load).toHaveBeenCalledWith('en', 'common');
    expect(persist).toHaveBeenCalledWith('en');
    expect(translator.getFixedT()('hello')).toBe('hi');
  });

  it('falls back to its fallback language when none is supported', async () => {
    const { translator, start } = started(['de', 'it']);
    await start;
    expect(translator.language).toBe('fr');
  });

  it('returns one promise per pending load, and loads a namespace once', async () => {
    const { translator, start, load } = started(['en']);
    await start;
    const first = translator.loadNamespaces(['refill', 'errors']);
    expect(translator.loadNamespaces(['refill', 'errors'])).toBe(first);
    await Promise.all([first, translator.loadNamespaces('refill')]);
    expect(load.mock.calls.filter(([, namespace]) => namespace === 'refill')).toHaveLength(1);
  });

  it('shows the keys of a namespace that failed to load, without failing', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const { translator, start } = started(['en'], load);
    await start;
    expect(translator.hasLoadedNamespaces(['common'])).toBe(true);
    expect(translator.getFixedT()('hello')).toBe('hello');
  });

  it('changes language once the namespaces in use are loaded in it, then tells its listeners', async () => {
    const load = vi.fn(async (language: Language) => ({
      hello: language === 'fr' ? 'salut' : 'hi',
    }));
    const { translator, start, persist } = started(['en'], load);
    await start;
    const seen: string[] = [];
    translator.subscribe(() => seen.push(translator.getFixedT()('hello')));
    const change = translator.changeLanguage('fr-CA');
    expect(translator.language).toBe('en');
    await change;
    expect(translator.language).toBe('fr');
    expect(seen).toEqual(['salut']);
    expect(persist).toHaveBeenLastCalledWith('fr');
  });

  it('shows the language asked for last when two changes overlap', async () => {
    let releaseEnglish = () => undefined as void;
    const load = vi.fn((language: Language) =>
      language === 'en'
        ? new Promise<Texts>((resolve) => {
            releaseEnglish = () => resolve({ hello: 'hi' });
          })
        : Promise.resolve({ hello: 'salut' }),
    );
    const { translator, start, persist } = started(['fr'], load);
    await start;
    const toEnglish = translator.changeLanguage('en');
    const backToFrench = translator.changeLanguage('fr');
    await backToFrench;
    releaseEnglish();
    await toEnglish;
    expect(translator.language).toBe('fr');
    expect(persist).toHaveBeenLastCalledWith('fr');
  });
});
