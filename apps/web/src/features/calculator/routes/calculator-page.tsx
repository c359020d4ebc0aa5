import { useTranslation } from 'react-i18next';
import { PageHeader } from '@portal/ui/page-header';
import { Calculator } from '../components/calculator';

/** /refill/calculator: no permission check, every signed-in user may size drums. */
export default function CalculatorPage() {
  const { t } = useTranslation('calculator');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Calculator />
    </>
  );
}
