import { Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { I18nextProvider, i18nOptions, useTranslation, type Texts } from './i18n';

function Title() {
  const { t } = useTranslation(['refill', 'common']);
  return (
    <h1>
      {t('title')} · {t('appName')}
    </h1>
  );
}

describe('useTranslation', () => {
  it('renders once its namespaces arrive, a key looked up in each in order, without an error React has to recover from', async () => {
    const texts: Record<string, Texts> = {
      refill: { title: 'Refills' },
      common: { appName: 'Portal', title: 'No' },
    };
    const instance = i18next.createInstance();
    await instance
      .use({
        type: 'backend',
        callbackApi: false,
        init: () => undefined,
        read: async (_language: string, namespace: string) => texts[namespace] ?? {},
      })
      .init({ ...i18nOptions, lng: 'en', ns: [] });
    const onRecoverableError = vi.fn();
    const container = document.createElement('div');
    const root = createRoot(container, { onRecoverableError });
    await act(async () => {
      startTransition(() =>
        root.render(
          <I18nextProvider i18n={instance}>
            <Suspense fallback="…">
              <Title />
            </Suspense>
          </I18nextProvider>,
        ),
      );
    });
    expect(container.textContent).toBe('Refills · Portal');
    expect(onRecoverableError).not.toHaveBeenCalled();
    act(() => root.unmount());
  });
});
