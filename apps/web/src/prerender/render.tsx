import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { Language, Namespace } from '@portal/contract';
import type { RuntimeSettings } from '@/config/env';
import i18next from 'i18next';
import { I18nextProvider, i18nOptions, type Texts } from '@/lib/i18n';

/** A page the web build renders to HTML (scripts/prerender.mjs) for the server's first answer. */
export interface PrerenderedPage {
  /** `dist/prerendered/<name>.<language>.html`; the server's PageNeeds.prerendered names it. */
  name: string;
  path: string;
  /** The namespaces its texts come from, as the SPA loads them for it (app/router.tsx). */
  namespaces: readonly Namespace[];
  /**
   * The page, or the page in each environment (`<name>.<environment>`) where the environment
   * shows in it (the signed-in header names it outside production).
   */
  element: ReactNode | ((environment: AppEnvironment) => ReactNode);
}

export type AppEnvironment = RuntimeSettings['appEnv'];
export const appEnvironments: readonly AppEnvironment[] = ['dev', 'rec', 'prd'];

/** The files a page is written to, without the language: `[name, element]`. */
export function pageVariants(page: PrerenderedPage): Array<[string, ReactNode]> {
  const { element } = page;
  if (typeof element !== 'function') return [[page.name, element]];
  return appEnvironments.map((environment) => [
    `${page.name}.${environment}`,
    element(environment),
  ]);
}

/** `page` in `language`, with the SPA's i18next options (lib/i18n.tsx). */
export function renderPage(
  page: PrerenderedPage,
  element: ReactNode,
  language: Language,
  /** The texts of `language` by namespace, `page.namespaces` at least. */
  texts: Partial<Record<Namespace, Texts>>,
): string {
  const instance = i18next.createInstance();
  void instance.init({
    ...i18nOptions,
    lng: language,
    ns: Object.keys(texts),
    resources: { [language]: texts },
    initAsync: false,
  });
  return renderToString(
    <I18nextProvider i18n={instance}>
      <MemoryRouter initialEntries={[page.path]}>{element}</MemoryRouter>
    </I18nextProvider>,
  );
}
