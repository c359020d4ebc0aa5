import { useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { RadioGroup } from '@portal/ui/radio';
import { Table, type TableColumn } from '@portal/ui/table';
import { TextField } from '@portal/ui/text-field';
import type { AccountDetail, OnboardingDrum } from '@portal/contract';
import { useAbility } from '@/lib/ability';
import { ApiRequestError } from '@/lib/api-client';
import { PrintLabelsButton } from '@/lib/drum-labels/print-labels-button';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { DayField } from '@/lib/kit-fields';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useSaveDrum } from '../api/account-mutations';
import { useCableProducts, useDrumTypes } from '../api/get-catalog';
import styles from './accounts.module.css';
import { useTableLabels } from '@/lib/use-table-labels';

/** Codes shown under the field they are about, instead of as a toast. */
const fieldOfCode: Record<string, string> = {
  'onboarding.duplicate_serial': 'serial',
  'onboarding.unknown_drum_type': 'drumType',
  'onboarding.unknown_cable': 'cableReference',
  'onboarding.unknown_site': 'siteId',
};

type DrumDraft = Record<
  'serial' | 'drumType' | 'cableReference' | 'initialLength' | 'siteId' | 'deliveredOn',
  string
>;

function DrumForm({
  account,
  drum,
  onDone,
}: {
  account: AccountDetail;
  drum: OnboardingDrum | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['accounts', 'errors', 'common']);
  const save = useSaveDrum();
  // Suggestions as the codes are typed: the catalogue's drum types and cable references.
  const drumTypes = useDrumTypes();
  const cables = useCableProducts();
  const empty: DrumDraft = {
    serial: '',
    drumType: '',
    cableReference: '',
    initialLength: '',
    siteId: account.sites[0]?.id ?? '',
    deliveredOn: '',
  };
  const [values, setValues] = useState<DrumDraft>(() =>
    drum ? { ...drum, initialLength: String(drum.initialLength) } : empty,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof DrumDraft) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    errorText: errors[key] ? t(`errors:${errors[key]}`) : undefined,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      {
        accountId: account.id,
        itemId: drum?.id,
        input: { ...values, initialLength: Number(values.initialLength.replace(',', '.')) },
      },
      {
        onSuccess: () => {
          toaster.show({
            type: 'success',
            title: t('accounts:drums.saved', { serial: values.serial }),
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
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="drum-form-title">
      <h3 id="drum-form-title">
        {drum
          ? t('accounts:drums.editTitle', { serial: drum.serial })
          : t('accounts:drums.addTitle')}
      </h3>
      <TextField label={t('accounts:drums.serial')} isRequired {...field('serial')} />
      <TextField
        label={t('accounts:drums.drumType')}
        description={t('accounts:drums.drumTypeHelp')}
        isRequired
        list="drum-type-codes"
        autoComplete="off"
        {...field('drumType')}
      />
      <datalist id="drum-type-codes">
        {drumTypes.data?.map((type) => (
          <option key={type.id} value={type.code} />
        ))}
      </datalist>
      <TextField
        label={t('accounts:drums.cableReference')}
        isRequired
        list="cable-references"
        autoComplete="off"
        {...field('cableReference')}
      />
      <datalist id="cable-references">
        {cables.data?.map((cable) => (
          <option key={cable.id} value={cable.reference} />
        ))}
      </datalist>
      <TextField
        label={t('accounts:drums.initialLength')}
        inputMode="decimal"
        isRequired
        {...field('initialLength')}
      />
      <DayField
        label={t('accounts:drums.deliveredOn')}
        isRequired
        value={values.deliveredOn}
        onChange={(deliveredOn) => setValues((current) => ({ ...current, deliveredOn }))}
        errorText={errors.deliveredOn ? t(`errors:${errors.deliveredOn}`) : undefined}
      />
      <RadioGroup
        label={t('accounts:drums.site')}
        value={values.siteId}
        onChange={(siteId) => setValues((current) => ({ ...current, siteId }))}
        errorText={errors.siteId ? t(`errors:${errors.siteId}`) : undefined}
        options={account.sites.map((site) => ({ value: site.id, label: site.name }))}
      />
      <div className={styles.actions}>
        <Button type="submit" isPending={save.isPending} pendingLabel={t('accounts:saving')}>
          {drum ? t('accounts:save') : t('accounts:drums.add')}
        </Button>
        {drum ? (
          <Button variant="text" onPress={onDone}>
            {t('accounts:cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The account's drums, and a form to add or change one (once the account has a site). */
export function DrumsSection({ account, canEdit }: { account: AccountDetail; canEdit: boolean }) {
  const { t, i18n } = useTranslation(['accounts', 'errors']);
  const labels = useTableLabels(t('accounts:kit.noData'));
  const [editing, setEditing] = useState<OnboardingDrum | null>(null);
  const siteName = new Map(account.sites.map((site) => [site.id, site.name]));
  // Staff print any account's labels: the back-office's own route, which any staff reader may call.
  const canPrintLabels = useAbility().can('get', 'backoffice');
  const number = new Intl.NumberFormat(i18n.language);
  const columns: TableColumn<OnboardingDrum>[] = [
    { id: 'serial', header: t('drums.serial'), accessor: (drum) => drum.serial, isSortable: true },
    { id: 'type', header: t('drums.drumType'), accessor: (drum) => drum.drumType },
    { id: 'cable', header: t('drums.cableReference'), accessor: (drum) => drum.cableReference },
    {
      id: 'length',
      header: t('drums.initialLength'),
      accessor: (drum) => drum.initialLength,
      cell: (drum) => number.format(drum.initialLength),
      align: 'end',
    },
    { id: 'site', header: t('drums.site'), accessor: (drum) => siteName.get(drum.siteId) ?? '' },
    { id: 'delivered', header: t('drums.deliveredOn'), accessor: (drum) => drum.deliveredOn },
  ];
  if (canEdit) {
    columns.push({
      id: 'edit',
      header: t('actions'),
      cell: (drum) => (
        <Button variant="text" size="small" onPress={() => setEditing(drum)}>
          {t('editItem', { name: drum.serial })}
        </Button>
      ),
    });
  }
  return (
    <section className={styles.section} aria-labelledby="drums-title">
      <h2 id="drums-title">{t('drums.title', { count: account.drums.length })}</h2>
      {canPrintLabels && account.drums.length > 0 ? (
        <div className={styles.actions}>
          <PrintLabelsButton
            label={t('drums.printLabels')}
            drums={account.drums.map((drum) => ({
              id: drum.id,
              serial: drum.serial,
              siteId: drum.siteId,
              siteName: siteName.get(drum.siteId) ?? '',
              reference: drum.cableReference,
            }))}
            path={`/api/backoffice/accounts/${encodeURIComponent(account.id)}/drum-labels`}
          />
        </div>
      ) : null}
      <Table
        label={t('drums.tableLabel')}
        columns={columns}
        rows={account.drums}
        getRowId={(drum) => drum.id}
        labels={labels}
        renderCard={(drum) => (
          <div className={styles.who}>
            <strong>{drum.serial}</strong>
            <span className={styles.muted}>
              {drum.drumType} · {drum.cableReference} · {number.format(drum.initialLength)} m ·{' '}
              {siteName.get(drum.siteId)}
            </span>
            {canEdit ? (
              <Button variant="text" size="small" onPress={() => setEditing(drum)}>
                {t('editItem', { name: drum.serial })}
              </Button>
            ) : null}
          </div>
        )}
      />
      {canEdit && account.sites.length > 0 ? (
        <DrumForm
          key={editing?.id ?? 'new'}
          account={account}
          drum={editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {canEdit && account.sites.length === 0 ? <p>{t('drums.needsSite')}</p> : null}
    </section>
  );
}
