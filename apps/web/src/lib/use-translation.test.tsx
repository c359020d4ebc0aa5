import { Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fallbackLanguage, languages } from '@portal/contract';
import { Translator, TranslatorProvider, useTranslation, type Texts } from './i18n';

function Title() {
  const { t } = useTranslation(['refill']);
  return <h1>{t('title')}</h1>;
}

describe('useTranslation', () => {
  it('renders once its namespace arrives, without an error React has to recover from', async () => {
    const translator = new Translator({ languages, fallbackLanguage });
    await translator.start(['common'], {
      detect: () => ['en'],
      persist: () => undefined,
      load: async (_language, namespace): Promise<Texts> =>
        namespace === 'refill' ? { title: 'Refills' } : {},
    });
    const onRecoverableError = vi.fn();
    const container = document.createElement('div');
    const root = createRoot(container, { onRecoverableError });
    await act(async () => {
      startTransition(() =>
        root.render(
          <TranslatorProvider translator={translator}>
            <Suspense fallback="…">
              <Title />
            </Suspense>
          </TranslatorProvider>,
        ),
      );
    });
    expect(container.textContent).toBe('Refills');
    expect(onRecoverableError).not.toHaveBeenCalled();
    act(() => root.unmount());
  });
});
