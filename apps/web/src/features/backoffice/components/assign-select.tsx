import { useMemo } from 'react';
import { Dropdown } from '@portal/ui/dropdown';
import { useTranslation } from '@/lib/i18n';
import { useStaff } from '../api/get-staff';

interface StaffOption {
  key: string;
  label: string;
}

/** Hands an item to a staff member (or to nobody, when cleared), searchable by name or e-mail. */
export function AssignSelect({
  assigneeId,
  isPending,
  onAssign,
}: {
  assigneeId: string | null;
  isPending: boolean;
  onAssign: (userId: string | null) => void;
}) {
  const { t } = useTranslation(['backoffice', 'common']);
  const staff = useStaff();
  const options = useMemo<StaffOption[]>(
    () =>
      (staff.data?.staff ?? []).map((member) => ({
        key: member.id,
        label: [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email,
      })),
    [staff.data],
  );
  return (
    <Dropdown<StaffOption>
      label={t('item.assignTo')}
      options={options}
      keyField="key"
      labelField="label"
      isSearchable
      isClearable
      isPending={staff.isPending || isPending}
      value={assigneeId}
      onChange={(key) => {
        if (key !== assigneeId) onAssign(key);
      }}
      labels={{
        noResult: t('kit.noResult'),
        search: t('kit.search'),
        placeholder: t('inbox.unassigned'),
        selected: (count: number) => t('kit.selected', { count }),
        displayMore: t('kit.displayMore'),
        clear: t('kit.clear'),
        loading: t('common:loading'),
      }}
    />
  );
}
