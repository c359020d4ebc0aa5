import { useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { RadioGroup } from '@portal/ui/radio';
import { Table, type TableColumn } from '@portal/ui/table';
import { TextField } from '@portal/ui/text-field';
import type { AccountDetail, OnboardingEquipment } from '@portal/contract';
import { ApiRequestError } from '@/lib/api-client';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useSaveEquipment } from '../api/account-mutations';
import styles from './accounts.module.css';
import { useTableLabels } from '@/lib/use-table-labels';

const fieldOfCode: Record<string, string> = {
  'onboarding.duplicate_serial': 'serial',
  'onboarding.unknown_model': 'model',
  'onboarding.unknown_site': 'siteId',
};

type EquipmentDraft = Record<'serial' | 'model' | 'siteId', string>;

function EquipmentForm({
  account,
  unit,
  onDone,
}: {
  account: AccountDetail;
  unit: OnboardingEquipment | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const save = useSaveEquipment();
  const empty: EquipmentDraft = { serial: '', model: '', siteId: account.sites[0]?.id ?? '' };
  const [values, setValues] = useState<EquipmentDraft>(() =>
    unit ? { serial: unit.serial, model: unit.model, siteId: unit.siteId } : empty,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof EquipmentDraft) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    errorText: errors[key] ? t(`errors:${errors[key]}`) : undefined,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { accountId: account.id, itemId: unit?.id, input: values },
      {
        onSuccess: () => {
          toaster.show({
            type: 'success',
            title: t('accounts:equipment.saved', { serial: values.serial }),
          });
          setValues(empty);
          onDone();
        },
        onError: (error) => {
          const code = error instanceof ApiRequestError ? error.body?.message : undefined;
          const fields = fieldErrorCodes(error);
          if (code && fieldOfCode[code]) setErrors({ [fieldOfCode[code]]: code });
          else if (Object.keys(fields).length) setErrors(fields);
          else showErrorToasts(error, t);
        },
      },
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="equipment-form-title"
    >
      <h3 id="equipment-form-title">
        {unit
          ? t('accounts:equipment.editTitle', { serial: unit.serial })
          : t('accounts:equipment.addTitle')}
      </h3>
      <TextField label={t('accounts:equipment.serial')} isRequired {...field('serial')} />
      <TextField label={t('accounts:equipment.model')} isRequired {...field('model')} />
      <RadioGroup
        label={t('accounts:equipment.site')}
        value={values.siteId}
        onChange={(siteId) => setValues((current) => ({ ...current, siteId }))}
        errorText={errors.siteId ? t(`errors:${errors.siteId}`) : undefined}
        options={account.sites.map((site) => ({ value: site.id, label: site.name }))}
      />
      <div className={styles.actions}>
        <Button type="submit" isPending={save.isPending} pendingLabel={t('accounts:saving')}>
          {unit ? t('accounts:save') : t('accounts:equipment.add')}
        </Button>
        {unit ? (
          <Button variant="text" onPress={onDone}>
            {t('accounts:cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The machines installed at the account's sites, and a form to add or change one. */
export function EquipmentSection({
  account,
  canEdit,
}: {
  account: AccountDetail;
  canEdit: boolean;
}) {
  const { t } = useTranslation(['accounts', 'errors']);
  const labels = useTableLabels(t('accounts:kit.noData'));
  const [editing, setEditing] = useState<OnboardingEquipment | null>(null);
  const siteName = new Map(account.sites.map((site) => [site.id, site.name]));
  const columns: TableColumn<OnboardingEquipment>[] = [
    { id: 'serial', header: t('equipment.serial'), accessor: (unit) => unit.serial },
    { id: 'model', header: t('equipment.model'), accessor: (unit) => unit.model },
    {
      id: 'site',
      header: t('equipment.site'),
      accessor: (unit) => siteName.get(unit.siteId) ?? '',
    },
  ];
  if (canEdit) {
    columns.push({
      id: 'edit',
      header: t('actions'),
      cell: (unit) => (
        <Button variant="text" size="small" onPress={() => setEditing(unit)}>
          {t('editItem', { name: unit.serial })}
        </Button>
      ),
    });
  }
  return (
    <section className={styles.section} aria-labelledby="equipment-title">
      <h2 id="equipment-title">{t('equipment.title', { count: account.equipment.length })}</h2>
      <Table
        label={t('equipment.tableLabel')}
        columns={columns}
        rows={account.equipment}
        getRowId={(unit) => unit.id}
        labels={labels}
        renderCard={(unit) => (
          <div className={styles.who}>
            <strong>{unit.serial}</strong>
            <span className={styles.muted}>
              {unit.model} · {siteName.get(unit.siteId)}
            </span>
            {canEdit ? (
              <Button variant="text" size="small" onPress={() => setEditing(unit)}>
                {t('editItem', { name: unit.serial })}
              </Button>
            ) : null}
          </div>
        )}
      />
      {canEdit && account.sites.length > 0 ? (
        <EquipmentForm
          key={editing?.id ?? 'new'}
          account={account}
          unit={editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
