import { PageHeader } from '@portal/ui/page-header';
import { useTranslation } from '@/lib/i18n';
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
