import { Switch } from '@portal/ui/switch';
import { useTranslation } from '@/lib/i18n';
import {
  useStatementSubscription,
  useUpdateStatementSubscription,
} from '../api/statement-subscription';

/** The admin's choice to get last month's drum-account statement by mail on the 1st. */
export function StatementSubscriptionSwitch() {
  const { t } = useTranslation(['refill', 'errors']);
  const query = useStatementSubscription();
  const update = useUpdateStatementSubscription();
  if (!query.isSuccess) return null;
  return (
    <Switch
      label={t('rent.statementByMail')}
      isSelected={query.data.isSubscribed}
      isDisabled={update.isPending}
      onChange={(isSubscribed) => update.mutate({ isSubscribed })}
    />
  );
}
