import {
  fillIn,
  findText,
  languageOfTag,
  type Language,
  type Namespace,
  type Texts,
  type TextValues,
} from '@portal/contract';

export type { Texts };
export type TOptions = TextValues;

/**
 * The text of `key`, or of the first of `keys` that exists; else `defaultValue` (interpolated),
 * else the key itself.
 */
export type TFunction = (
  keys: string | readonly string[],
  options?: TOptions | (TOptions & { defaultValue: string }) | string,
) => string;

export interface TranslatorOptions {
  languages: readonly Language[];
  /** The language of a visitor whose browser asks for none of `languages`. */
  fallbackLanguage: Language;
  /** The language to start in (else the fallback language until `start` detects one). */
  language?: Language;
}

/** Where a translator started in a browser finds its language and texts. */
export interface TextSources {
  /** Languages in order of preference (`en-GB` counts as `en`). */
  detect: () => readonly string[];
  /** Keeps a language detected or chosen. */
  persist: (language: Language) => void;
  /** Fetches a namespace; a rejection leaves it empty, so its keys show as they are. */
  load: (language: Language, namespace: Namespace) => Promise<Texts>;
}

/**
 * The translation runtime of the web app. It finds and fills in texts by the contract's rules of
 * the locale files (`findText`, `fillIn`), adds namespaces (`ns:key`, a list of keys, a default
 * value), loading on demand and the choice of language, and gives i18next's text for every key
 * (translator.test.ts compares the two on every file). It does what i18next and react-i18next
 * did for this app in 2 KiB instead of 17: every visitor's first page downloads it.
 *
 * Until `start`, it knows only the texts given to it (`addTexts`: the build's prerendering,
 * tests), and a key it does not have shows as it is.
 */
export class Translator {
  #language: Language | undefined;
  #sources: TextSources | undefined;
  #changingTo: Language | undefined;
  readonly #options: TranslatorOptions;
  readonly #texts = new Map<string, Texts>();
  readonly #loads = new Map<string, Promise<void>>();
  readonly #pending = new Map<string, Promise<void>>();
  /** The namespaces asked for so far: a change of language loads them first. */
  readonly #used = new Set<Namespace>();
  readonly #listeners = new Set<() => void>();

  constructor(options: TranslatorOptions) {
    this.#options = options;
    this.#language = options.language;
  }

  /** The language texts are shown in. */
  get language(): Language {
    return this.#language ?? this.#options.fallbackLanguage;
  }

  /** Detects the language (and keeps it), then loads `namespaces` in it from `sources`. */
  async start(namespaces: readonly Namespace[], sources: TextSources): Promise<void> {
    this.#sources = sources;
    this.#language ??= this.#supported(sources.detect());
    sources.persist(this.#language);
    await this.loadNamespaces(namespaces);
  }

  /**
   * Loads the namespaces texts now use into `language`, then shows it and keeps the choice,
   * unless another change was asked for meanwhile (the last one asked for wins).
   */
  async changeLanguage(requested: string): Promise<void> {
    const language = this.#supported([requested]);
    this.#changingTo = language;
    await Promise.all([...this.#used].map((namespace) => this.#load(language, namespace)));
    if (this.#changingTo !== language) return;
    this.#sources?.persist(language);
    if (language === this.#language) return;
    this.#language = language;
    for (const listener of this.#listeners) listener();
  }

  /**
   * Resolves once `namespaces` are loaded (or failed to) in the current language. While they
   * load, every call for them returns the same promise.
   */
  loadNamespaces(namespaces: Namespace | readonly Namespace[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    for (const namespace of list) this.#used.add(namespace);
    const id = `${this.language}|${list.join()}`;
    let load = this.#pending.get(id);
    if (!load) {
      load = Promise.all(list.map((namespace) => this.#load(this.language, namespace))).then(() => {
        this.#pending.delete(id);
      });
      this.#pending.set(id, load);
    }
    return load;
  }

  /** Whether `namespaces` are loaded (or failed to) in the current language. */
  hasLoadedNamespaces(namespaces: readonly Namespace[]): boolean {
    return namespaces.every((namespace) => this.#isLoaded(this.language, namespace));
  }

  /** Sets `namespace`'s texts in `language` (the build's prerendering, tests). */
  addTexts(language: Language, namespace: Namespace, texts: Texts): void {
    this.#texts.set(`${language}/${namespace}`, texts);
  }

  /** Calls `listener` after each change of language; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** `t` for `language`, looking keys up in `namespaces` in order. */
  getFixedT(
    namespaces: Namespace | readonly Namespace[] = 'common',
    language: Language = this.language,
  ): TFunction {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return (keys, options = {}) => {
      const values = typeof options === 'string' ? { defaultValue: options } : options;
      const candidates = typeof keys === 'string' ? [keys] : keys;
      for (const key of candidates) {
        const text = this.#translate(language, list, key, values);
        if (text !== undefined) return fillIn(text, values);
      }
      if (typeof values.defaultValue === 'string') return fillIn(values.defaultValue, values);
      const last = candidates.at(-1) ?? '';
      return last.slice(last.indexOf(':') + 1);
    };
  }

  #supported(candidates: readonly string[]): Language {
    for (const candidate of candidates) {
      const language = languageOfTag(candidate);
      if (language && this.#options.languages.includes(language)) return language;
    }
    return this.#options.fallbackLanguage;
  }

  #isLoaded(language: Language, namespace: Namespace): boolean {
    return !this.#sources || this.#texts.has(`${language}/${namespace}`);
  }

  #load(language: Language, namespace: Namespace): Promise<void> {
    const sources = this.#sources;
    if (!sources || this.#isLoaded(language, namespace)) return Promise.resolve();
    const id = `${language}/${namespace}`;
    let load = this.#loads.get(id);
    if (!load) {
      load = sources
        .load(language, namespace)
        .catch(() => ({}))
        .then((texts) => {
          this.#texts.set(id, texts);
          this.#loads.delete(id);
        });
      this.#loads.set(id, load);
    }
    return load;
  }

  /** The text of `fullKey` (`ns:key` or a key of `namespaces`) before interpolation. */
  #translate(
    language: Language,
    namespaces: readonly Namespace[],
    fullKey: string,
    { count }: TOptions,
  ): string | undefined {
    const separator = fullKey.indexOf(':');
    const [key, lookIn] =
      separator > 0
        ? [fullKey.slice(separator + 1), [fullKey.slice(0, separator) as Namespace]]
        : [fullKey, namespaces];
    return findText(
      lookIn.map((namespace) => this.#texts.get(`${language}/${namespace}`)),
      language,
      key,
      count,
    );
  }
}
