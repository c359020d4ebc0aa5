import { PageHeader } from '@portal/ui/page-header';
import { CenteredSpinner } from '@portal/ui/spinner';
import { useAbility } from '@/lib/ability';
import { useTranslation } from '@/lib/i18n';
import { useTeam } from '../api/get-team';
import { AuditTrail } from '../components/audit-trail';
import { InvitationList } from '../components/invitation-list';
import { InviteForm } from '../components/invite-form';
import { MemberList } from '../components/member-list';
import styles from '../components/team.module.css';

/** /team, the customer admin's page: colleagues, invitations, the audit trail. */
export default function TeamPage() {
  const { t } = useTranslation('team');
  const team = useTeam();
  const canReadAudit = useAbility().can('get', 'audit');
  // The route's error page says what failed.
  if (team.isError) throw team.error;
  if (!team.data) return <CenteredSpinner label={t('loading')} />;
  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} description={t('description')} />
      <InviteForm sites={team.data.sites} grantable={team.data.grantableSiteIds} />
      <InvitationList invitations={team.data.invitations} />
      <MemberList team={team.data} />
      {canReadAudit ? <AuditTrail /> : null}
    </div>
  );
}
