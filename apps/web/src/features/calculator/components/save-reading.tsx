import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@portal/ui/button';
import { Dropdown } from '@portal/ui/dropdown';
import { newRequestUrl } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useAbility } from '@/lib/ability';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useAccountDrums } from '../api/get-account-drums';
import { useSaveReading } from '../api/save-reading';
import styles from './calculator.module.css';

export interface SaveReadingProps {
  /** The practical remaining length, in metres (already converted from feet if imperial). */
  remainingM: number;
}

/**
 * "Save as a reading": records the calculated remaining length on one of the account's
 * drums. Shown only to users who may see the refill screen, since the reading lands there.
 */
export function SaveReading({ remainingM }: SaveReadingProps) {
  const { t } = useTranslation(['calculator', 'common', 'errors']);
  const ability = useAbility();
  // Recording a reading needs `order refill` (a viewer reads only).
  const canRefill = ability.can('order', 'refill');
  const drums = useAccountDrums(canRefill);
  const save = useSaveReading();
  const [drumId, setDrumId] = useState<string | null>(null);
  const options = useMemo(
    () =>
      (drums.data?.drums ?? []).map((drum) => ({
        id: drum.id,
        label: `${drum.serial} · ${drum.product.reference}`,
        site: drum.site.name,
      })),
    [drums.data],
  );
  if (!canRefill) return null;
  if (drums.isSuccess && options.length === 0) return null;

  const rounded = Math.round(remainingM);
  const submit = () => {
    if (!drumId) return;
    const serial = drums.data?.drums.find((drum) => drum.id === drumId)?.serial ?? '';
    save.mutate(
      { drumId, reading: { remainingM: rounded, readAt: new Date().toISOString() } },
      {
        onSuccess: () =>
          toaster.show({
            type: 'success',
            title: t('common:success'),
            description: t('calculator:saveReading.saved', { serial, length: rounded }),
          }),
        onError: (error) => {
          const fieldError = error instanceof ApiRequestError ? error.body?.errors?.[0] : undefined;
          toaster.show({
            type: 'error',
            title: t('common:error'),
            description:
              fieldError?.field === 'remainingM'
                ? t('calculator:saveReading.tooLong')
                : t(
                    `errors:${error instanceof ApiRequestError && error.body ? error.body.message : 'unknown'}`,
                  ),
          });
        },
      },
    );
  };

  return (
    <section className={styles.saveReading} aria-labelledby="save-reading-title">
      <h3 id="save-reading-title" className={styles.saveReadingTitle}>
        {t('calculator:saveReading.heading')}
      </h3>
      <p className={styles.saveReadingHint}>
        {t('calculator:saveReading.hint', { length: rounded })}
      </p>
      <Dropdown
        label={t('calculator:saveReading.drum')}
        options={options}
        keyField="id"
        labelField="label"
        groupField="site"
        isSearchable
        isPending={drums.isLoading}
        value={drumId}
        onChange={(id) => setDrumId(id ?? null)}
        labels={{
          placeholder: t('calculator:dropdown.placeholder'),
          search: t('calculator:dropdown.search'),
          noResult: t('calculator:dropdown.noResult'),
        }}
      />
      <Button
        isDisabled={!drumId || save.isPending}
        isPending={save.isPending}
        onPress={submit}
        className={styles.saveReadingButton}
      >
        {t('calculator:saveReading.button')}
      </Button>
      {drumId && canRefill ? (
        <Link to={newRequestUrl([drumId])}>{t('calculator:saveReading.requestRefill')}</Link>
      ) : null}
    </section>
  );
}
