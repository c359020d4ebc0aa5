import { useTranslation } from 'react-i18next';

export default function CalculatorPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('screens.calculator')}</h1>
      <p>{t('comingSoon')}</p>
    </>
  );
}
