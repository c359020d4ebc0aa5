import { createInstance, type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Language } from '@portal/contract';
import { PublicFrame } from '@/app/public-frame';
import AuthPage from '@/features/auth/routes/auth-page';
import { paths } from '@/config/paths';
import { allowedTags } from '@/lib/i18n';

/** The namespaces the auth page shows, as the SPA loads them for it (app/router.tsx). */
export const authPageNamespaces = ['common', 'shell', 'auth', 'errors'] as const;

/**
 * The auth page as a first visit shows it, rendered at build time (scripts/prerender.mjs): the
 * server puts it in the HTML, so a visitor sees the page before the scripts arrive (issue 9:
 * first paint without JavaScript). The same components as the SPA's /auth, in the same frame;
 * the SPA replaces it with its own render once that is ready (app/prerendered-page.ts).
 */
export async function renderAuthPage(language: Language, resources: Resource): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources,
    ns: [...authPageNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false, transKeepBasicHtmlNodesFor: allowedTags },
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[paths.auth]}>
        <PublicFrame>
          <AuthPage />
        </PublicFrame>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
