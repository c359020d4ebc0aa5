import { useTranslation } from 'react-i18next';

/** The privacy and cookie page (spec §2: public, never shows the consent pop-up). */
export default function CompliancyPage() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <h1>{t('appName')}</h1>
      <p>{t('comingSoon')}</p>
    </main>
  );
}
