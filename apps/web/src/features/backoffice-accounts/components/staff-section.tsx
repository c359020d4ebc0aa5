import { Table, type TableColumn } from '@portal/ui/table';
import { staffRoles, type StaffMember, type StaffRole } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useAddStaff, useStaffMembers } from '../api/staff';
import styles from './accounts.module.css';
import { PersonForm } from './person-form';
import { useTableLabels } from '@/lib/use-table-labels';

const addressCodes = new Set(['staff.customer_user']);

/**
 * The provider's staff, for a manager: who they are, their role, when they last signed in; add
 * someone (a new agent, or a role changed), who is told by mail how to sign in.
 */
export function StaffSection() {
  const { t, i18n } = useTranslation(['accounts', 'errors']);
  const labels = useTableLabels(t('accounts:kit.noData'));
  const staff = useStaffMembers();
  const add = useAddStaff();
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const name = (member: StaffMember) =>
    [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
  const columns: TableColumn<StaffMember>[] = [
    { id: 'name', header: t('staff.name'), accessor: name },
    { id: 'email', header: t('users.email'), accessor: (member) => member.email },
    {
      id: 'role',
      header: t('users.role'),
      accessor: (member) => t(`staff.roles.${member.role}`),
    },
    {
      id: 'lastSignIn',
      header: t('staff.lastSignIn'),
      accessor: (member) =>
        member.lastSignInAt ? dateTime.format(new Date(member.lastSignInAt)) : t('staff.never'),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="staff-title">
      <h2 id="staff-title">{t('staff.title')}</h2>
      <Table
        label={t('staff.title')}
        columns={columns}
        rows={staff.data?.staff ?? []}
        getRowId={(member) => member.id}
        isPending={staff.isFetching}
        isPaginationDisabled
        labels={labels}
        renderCard={(member) => (
          <div className={styles.who}>
            <strong>{name(member)}</strong>
            <span className={styles.muted}>
              {member.email} · {t(`staff.roles.${member.role}`)}
            </span>
          </div>
        )}
      />
      <PersonForm<StaffRole>
        title={t('staff.addTitle')}
        titleId="add-staff-title"
        roles={staffRoles.map((value) => ({ value, label: t(`staff.roles.${value}`) }))}
        defaultRole="agent"
        submitLabel={t('staff.add')}
        isPending={add.isPending}
        addressCodes={addressCodes}
        onSubmit={async (person) => {
          const member = await add.mutateAsync(person);
          toaster.show({ type: 'success', title: t('staff.added', { email: member.email }) });
        }}
      />
    </section>
  );
}
