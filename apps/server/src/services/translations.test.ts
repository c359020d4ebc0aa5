import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namespaces } from '@portal/contract';
import { loadTranslations, translate } from './translations';

const dir = mkdtempSync(join(tmpdir(), 'locales-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const texts = {
  fr: { digest: { entry_one: '{{count}} changement', entry_other: '{{count}} changements' } },
  en: {
    digest: { entry_one: '{{count}} change', entry_other: '{{count}} changes' },
    hello: 'Hello {{name}}, from {{team.name}}',
  },
};
for (const namespace of namespaces) {
  mkdirSync(join(dir, namespace));
  for (const [language, content] of Object.entries(texts)) {
    writeFileSync(join(dir, namespace, `${language}.json`), JSON.stringify(content));
  }
}
const translations = loadTranslations(dir);

describe('server-side texts', () => {
  it('fills in values, through a path where given one', () => {
    expect(
      translate(translations, 'mail', 'en', 'hello', { name: 'Ada', team: { name: 'Lyon' } }),
    ).toBe('Hello Ada, from Lyon');
  });

  it("chooses the plural form by the language's rules", () => {
    expect(translate(translations, 'mail', 'en', 'digest.entry', { count: 1 })).toBe('1 change');
    expect(translate(translations, 'mail', 'en', 'digest.entry', { count: 0 })).toBe('0 changes');
    expect(translate(translations, 'mail', 'fr', 'digest.entry', { count: 0 })).toBe(
      '0 changement',
    );
    expect(translate(translations, 'mail', 'fr', 'digest.entry', { count: 2 })).toBe(
      '2 changements',
    );
  });

  it('answers a missing key with the key itself', () => {
    expect(translate(translations, 'mail', 'fr', 'hello')).toBe('hello');
  });
});
