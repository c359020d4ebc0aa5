import { useTranslation } from 'react-i18next';

export default function RefillPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('screens.refill')}</h1>
      <p>{t('comingSoon')}</p>
    </>
  );
}
