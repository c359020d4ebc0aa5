import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { paths } from '@/config/paths';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { useDeleteMyAccount, useDownloadMyData } from '../api/personal-data';
import styles from './team.module.css';

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Download my data (JSON) and delete my account, which asks once more before it happens. */
export function PersonalData() {
  const { t } = useTranslation(['team', 'errors', 'common']);
  const download = useDownloadMyData();
  const remove = useDeleteMyAccount();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="data-title">
      <h2 id="data-title">{t('team:data.title')}</h2>
      <p>{t('team:data.description')}</p>
      <div className={styles.actions}>
        <Button
          variant="outlined"
          isPending={download.isPending}
          pendingLabel={t('team:data.downloading')}
          onPress={() =>
            download.run(undefined, {
              onSuccess: (blob) => saveFile(blob, 'my-portal-data.json'),
              onError: (error) => showErrorToasts(error, t),
            })
          }
        >
          {t('team:data.download')}
        </Button>
      </div>
      <h3>{t('team:data.deleteTitle')}</h3>
      <p>{t('team:data.deleteDescription')}</p>
      <div className={styles.actions}>
        {confirming ? (
          <>
            <Button
              tone="destructive"
              isPending={remove.isPending}
              pendingLabel={t('team:data.deleting')}
              onPress={() =>
                remove.run(undefined, {
                  onSuccess: () => window.location.assign(paths.root),
                  onError: (error) => {
                    setConfirming(false);
                    showErrorToasts(error, t);
                  },
                })
              }
            >
              {t('team:data.confirmDelete')}
            </Button>
            <Button variant="text" onPress={() => setConfirming(false)}>
              {t('team:cancel')}
            </Button>
          </>
        ) : (
          <Button tone="destructive" variant="outlined" onPress={() => setConfirming(true)}>
            {t('team:data.delete')}
          </Button>
        )}
      </div>
    </section>
  );
}
