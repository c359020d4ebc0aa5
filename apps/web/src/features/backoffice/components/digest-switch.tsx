import { Switch } from '@portal/ui/switch';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { usePreferences, useSetPreferences } from '../api/preferences';

/** The staff member's choice: a mail for each change, or one digest a day at 8:00. */
export function DigestSwitch() {
  const { t } = useTranslation(['backoffice', 'errors']);
  const preferences = usePreferences();
  const set = useSetPreferences();
  return (
    <Switch
      label={t('preferences.digest')}
      description={t('preferences.digestDescription')}
      isSelected={preferences.data?.notificationDigest ?? false}
      isDisabled={!preferences.data || set.isPending}
      onChange={(notificationDigest) =>
        set.mutate({ notificationDigest }, { onError: (error) => showErrorToasts(error, t) })
      }
    />
  );
}
