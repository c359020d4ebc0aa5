import { useTranslation } from 'react-i18next';

/** The one-time-link page (spec §2); it never spends the link on load (DESIGN §5). */
export default function SignInPage() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <h1>{t('appName')}</h1>
      <p>{t('comingSoon')}</p>
    </main>
  );
}
