import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clientErrorCodes,
  errorCodes,
  languages,
  namespaces,
  workItemKinds,
  workflowOf,
} from '@portal/contract';

const localesDir = import.meta.dirname;
const workspace = resolve(localesDir, '../..');

type Messages = { [key: string]: string | Messages };

function load(ns: string, lng: string): Messages {
  return JSON.parse(readFileSync(join(localesDir, ns, `${lng}.json`), 'utf8')) as Messages;
}

function flatKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatKeys(value, `${prefix}${key}.`),
  );
}

function entries(messages: Messages, prefix = ''): Array<[string, string]> {
  return Object.entries(messages).flatMap(([key, value]): Array<[string, string]> =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}

function keySet(ns: string): Set<string> {
  return new Set(flatKeys(load(ns, 'fr')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe('translations', () => {
  it.each(namespaces)('namespace %s has the same keys in every language', (ns) => {
    const [first, ...others] = languages.map((lng) => flatKeys(load(ns, lng)).sort());
    for (const keys of others) expect(keys).toEqual(first);
  });

  it.each(namespaces)('namespace %s has no empty text', (ns) => {
    for (const lng of languages) {
      const empty = flatKeys(load(ns, lng)).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Messages)[part], load(ns, lng));
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty, `${ns}/${lng}`).toEqual([]);
    }
  });

  it.each(languages)(
    'has a sentence in %s for every code the API or the network can produce',
    (lng) => {
      const messages = load('errors', lng);
      const sentence = (code: string) =>
        code.split('.').reduce<unknown>((node, part) => (node as Messages)?.[part], messages);
      const missing = [...errorCodes, ...clientErrorCodes].filter((code) => {
        const text = sentence(code);
        // A sentence, not the code itself: starts with a capital or a digit, ends with a stop.
        return typeof text !== 'string' || !/^[\p{Lu}\d].*[.!?]$/u.test(text);
      });
      expect(missing).toEqual([]);
    },
  );

  it('keeps only the tags the spec allows (b, br, strong, i, ul, ol, li, p)', () => {
    const allowed = new Set(['b', 'br', 'strong', 'i', 'ul', 'ol', 'li', 'p']);
    for (const ns of namespaces) {
      for (const lng of languages) {
        const text = readFileSync(join(localesDir, ns, `${lng}.json`), 'utf8');
        const tags = [...text.matchAll(/<\/?([a-zA-Z0-9]+)[^>]*>/g)].map((match) => match[1] ?? '');
        expect(
          tags.filter((tag) => !allowed.has(tag)),
          `${ns}/${lng}`,
        ).toEqual([]);
      }
    }
  });

  it('writes French with a narrow no-break space before : ; ! ? and English with none', () => {
    const slips: string[] = [];
    for (const ns of namespaces) {
      for (const [key, text] of entries(load(ns, 'fr'))) {
        // A clause's punctuation (followed by a space or the end), not "HH:MM" or "https://".
        for (const match of text.matchAll(/(.)([:;!?])(?=\s|$)/gu)) {
          if (match[1] !== '\u202f') slips.push(`fr ${ns}:${key}: ${text}`);
        }
      }
      for (const [key, text] of entries(load(ns, 'en'))) {
        if (/\s[:;!?](\s|$)|\d\s%/u.test(text)) slips.push(`en ${ns}:${key}: ${text}`);
      }
    }
    expect(slips).toEqual([]);
  });

  it('names the calculator the same way in the menu and on its page', () => {
    for (const lng of languages) {
      const common = new Map(entries(load('common', lng)));
      const calculator = new Map(entries(load('calculator', lng)));
      expect(common.get('screens.calculator')).toBe(calculator.get('title'));
    }
  });

  it('loads the errors namespace wherever the web app shows an error sentence', () => {
    // Without it, an error toast on a page that has not loaded `errors` shows the raw code.
    const missing = sourceFiles(join(workspace, 'apps/web/src')).filter((file) => {
      const code = readFileSync(file, 'utf8');
      // Helpers given the caller's `t`: the caller loads `errors` (its own file is checked).
      if (file.endsWith('error-toasts.ts') || file.endsWith('lib/passkeys.ts')) return false;
      if (!/showErrorToasts\(|errorMessageKey\(|[`']errors:/.test(code)) return false;
      const declared = [...code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)];
      return declared.length === 0 || declared.some((match) => !match[1]?.includes("'errors'"));
    });
    expect(missing.map((file) => file.replace(workspace, ''))).toEqual([]);
  });

  it('has every key the web app uses', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(join(workspace, 'apps/web/src'))) {
      const code = readFileSync(file, 'utf8');
      const declared = [...code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)].flatMap(
        (match) => [...(match[1] ?? '').matchAll(/'([^']+)'/g)].map((ns) => ns[1] ?? ''),
      );
      const fileNamespaces = declared.length ? declared : ['common'];
      for (const match of code.matchAll(/\bt\(\s*'([^'$]+)'/g)) {
        const raw = match[1] ?? '';
        const [ns, key] = raw.includes(':')
          ? (raw.split(':', 2) as [string, string])
          : [undefined, raw];
        const candidates = ns ? [ns] : fileNamespaces;
        const found = candidates.some(
          (candidate) =>
            (namespaces as readonly string[]).includes(candidate) &&
            // A plural key exists as key_one and key_other.
            (keySet(candidate).has(key) ||
              (keySet(candidate).has(`${key}_one`) && keySet(candidate).has(`${key}_other`))),
        );
        if (!found) missing.push(`${file.replace(workspace, '')}: ${raw}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the lifecycles' labels", () => {
  // One word per state, for both sides' screens, the exports and the documents: a state the
  // lifecycle table gains is named once, and no namespace keeps words of its own for it.
  it.each(workItemKinds)('names every state of a %s once, in every language', (kind) => {
    for (const lng of languages) {
      const common = new Set(flatKeys(load('common', lng)));
      for (const state of workflowOf[kind].states) {
        expect(common.has(`workflow.status.${kind}.${state}`), `common ${lng} ${state}`).toBe(true);
      }
      for (const step of workflowOf[kind].transitions) {
        expect(common.has(`workflow.actions.${step.action}`)).toBe(true);
      }
      for (const ns of namespaces.filter((other) => other !== 'common' && other !== 'mail')) {
        const own = flatKeys(load(ns, lng)).filter((key) =>
          workflowOf[kind].states.some((state) =>
            new RegExp(
              `(^|\\.)(statuses?\\.${kind}|(request|quote|collection)Status|deliveryNote\\.statuses)\\.${state}$`,
            ).test(key),
          ),
        );
        expect(own, `${ns} ${lng}`).toEqual([]);
      }
    }
  });
});
