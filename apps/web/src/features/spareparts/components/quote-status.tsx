import type { QuoteStatus } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { StatusBadge } from '@/lib/status-badge';

/** A quote's status: its colour always comes with its word. */
export function QuoteStatusLabel({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation('spareparts');
  return (
    <StatusBadge kind="quote" status={status}>
      {t(`quoteStatus.${status}`)}
    </StatusBadge>
  );
}
