import { useTranslation } from 'react-i18next';

/** The sign-up landing (spec §2); its form comes with the sign-up issue. */
export default function AuthPage() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <h1>{t('appName')}</h1>
      <p>{t('comingSoon')}</p>
    </main>
  );
}
