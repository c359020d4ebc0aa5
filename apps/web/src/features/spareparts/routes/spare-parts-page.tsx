import { useTranslation } from 'react-i18next';

export default function SparePartsPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('screens.spareparts')}</h1>
      <p>{t('comingSoon')}</p>
    </>
  );
}
