import { useDeferredValue, useMemo, useState } from 'react';
import { Dropdown, type DropdownLabels } from '@portal/ui/dropdown';
import { useTranslation } from '@/lib/i18n';
import { useAccountOptions, useFilteredAccount } from '../api/account-options';

interface Option {
  key: string;
  label: string;
}

/**
 * Narrows the inbox to one account, found by typing part of its name (the server searches), and
 * then to one of its sites. Clearing the account clears the site.
 */
export function AccountFilter({
  accountId,
  siteId,
  onChange,
}: {
  accountId: string | undefined;
  siteId: string | undefined;
  onChange: (filter: { accountId?: string; siteId?: string }) => void;
}) {
  const { t } = useTranslation(['backoffice', 'common']);
  const [search, setSearch] = useState('');
  const options = useAccountOptions(useDeferredValue(search.trim()));
  const account = useFilteredAccount(accountId);
  const accountOptions = useMemo<Option[]>(() => {
    const found = (options.data?.accounts ?? []).map(({ id, name }) => ({ key: id, label: name }));
    // The chosen account stays an option (with its name) whatever the search shows.
    const chosen = account.data ? [{ key: account.data.id, label: account.data.name }] : [];
    return [...chosen, ...found.filter((option) => option.key !== account.data?.id)];
  }, [options.data, account.data]);
  const siteOptions = useMemo<Option[]>(
    () =>
      (account.data?.sites ?? []).map((site) => ({
        key: site.id,
        label: `${site.name} (${site.city})`,
      })),
    [account.data],
  );
  const labels: Partial<DropdownLabels> = {
    noResult: t('kit.noResult'),
    search: t('kit.search'),
    selected: (count: number) => t('kit.selected', { count }),
    displayMore: t('kit.displayMore'),
    clear: t('kit.clear'),
    loading: t('common:loading'),
  };
  return (
    <>
      <Dropdown<Option>
        label={t('filters.accountPicker')}
        options={accountOptions}
        keyField="key"
        labelField="label"
        isSearchable
        onSearch={setSearch}
        filter={false}
        isClearable
        isPending={options.isFetching}
        value={accountId ?? null}
        onChange={(key) => onChange({ accountId: key ?? undefined, siteId: undefined })}
        labels={{ ...labels, placeholder: t('filters.everyAccount') }}
      />
      {accountId && siteOptions.length > 1 ? (
        <Dropdown<Option>
          label={t('filters.site')}
          options={siteOptions}
          keyField="key"
          labelField="label"
          isClearable
          value={siteId ?? null}
          onChange={(key) => onChange({ accountId, siteId: key ?? undefined })}
          labels={{ ...labels, placeholder: t('filters.everySite') }}
        />
      ) : null}
    </>
  );
}
