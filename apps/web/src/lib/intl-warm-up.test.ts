import { afterEach, beforeEach, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('starts its worker once per page, as a module', async () => {
  const started: Array<{ url: string; options: WorkerOptions | undefined }> = [];
  vi.stubGlobal(
    'Worker',
    class {
      constructor(url: URL, options?: WorkerOptions) {
        started.push({ url: url.href, options });
      }
    },
  );
  const { warmUpIntl } = await import('./intl-warm-up');
  warmUpIntl();
  warmUpIntl();
  expect(started).toHaveLength(1);
  expect(started[0]?.url).toMatch(/intl-warm-up\.worker\.ts\b/);
  expect(started[0]?.options).toEqual({ type: 'module' });
});

it('does nothing where the browser has no workers', async () => {
  vi.stubGlobal('Worker', undefined);
  const { warmUpIntl } = await import('./intl-warm-up');
  expect(() => warmUpIntl()).not.toThrow();
});

it('builds each kind of formatter the screens use, in both languages, then ends', async () => {
  const built = (kind: 'DateTimeFormat' | 'NumberFormat' | 'RelativeTimeFormat' | 'PluralRules') =>
    vi.spyOn(Intl, kind);
  const dates = built('DateTimeFormat');
  const numbers = built('NumberFormat');
  const relative = built('RelativeTimeFormat');
  const plurals = built('PluralRules');
  const collators = vi.spyOn(Intl, 'Collator');
  const close = vi.fn();
  vi.stubGlobal('close', close);
  await import('./intl-warm-up.worker');
  const locales = (spy: { mock: { calls: unknown[][] } }) =>
    new Set(spy.mock.calls.map(([locale]) => locale));
  expect(locales(dates)).toEqual(new Set(['fr', 'en-US']));
  expect(locales(numbers)).toEqual(new Set(['fr', 'en', 'en-US']));
  expect(locales(relative)).toEqual(new Set(['fr', 'en']));
  expect(locales(plurals)).toEqual(new Set(['fr', 'en']));
  expect(collators).toHaveBeenCalledTimes(1);
  expect(close).toHaveBeenCalledTimes(1);
});
