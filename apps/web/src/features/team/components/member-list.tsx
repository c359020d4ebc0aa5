import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { Dropdown } from '@portal/ui/dropdown';
import { customerRoles, type CustomerRole, type Team, type TeamMember } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { useDropdownLabels } from '@/lib/kit-labels';
import { toaster } from '@/lib/toaster';
import { useApproveMember, useChangeMember, useRemoveMember } from '../api/team-mutations';
import { formatDateTime } from '@/lib/date-time';
import { SiteScope } from './site-scope';
import styles from './team.module.css';

function displayName(member: TeamMember): string {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  return name || member.email;
}

/**
 * The sites a buyer or viewer is limited to: all of them, or some (at least one), saved with
 * their role. An admin always has every site.
 */
function SitesEditor({
  member,
  sites,
  grantable,
  onDone,
}: {
  member: TeamMember;
  sites: Team['sites'];
  grantable: Team['grantableSiteIds'];
  onDone: () => void;
}) {
  const { t } = useTranslation(['team', 'errors', 'common']);
  const change = useChangeMember();
  const [siteIds, setSiteIds] = useState<string[] | null>(member.siteIds);
  const name = displayName(member);
  return (
    <SiteScope
      legend={t('team:members.sitesOf', { name })}
      sites={sites}
      grantable={grantable}
      value={siteIds}
      onChange={setSiteIds}
    >
      <div className={styles.actions}>
        <Button
          size="small"
          isDisabled={siteIds !== null && siteIds.length === 0}
          isPending={change.isPending}
          pendingLabel={t('team:members.savingSites')}
          onPress={() =>
            change.mutate(
              { id: member.id, role: member.role, siteIds },
              {
                onSuccess: () => {
                  toaster.show({
                    type: 'success',
                    title: t('team:members.sitesChanged', { name }),
                  });
                  onDone();
                },
                onError: (error) => showErrorToasts(error, t),
              },
            )
          }
        >
          {t('team:members.saveSites')}
        </Button>
        <Button variant="text" size="small" onPress={onDone}>
          {t('team:cancel')}
        </Button>
      </div>
    </SiteScope>
  );
}

/**
 * One colleague: name, address, sites, the role as a select, and removal in two steps. Someone
 * who sees more sites than the signed-in admin is only shown: they may not change them.
 */
function MemberRow({
  member,
  sites,
  grantable,
}: {
  member: TeamMember;
  sites: Team['sites'];
  grantable: Team['grantableSiteIds'];
}) {
  const { t, i18n } = useTranslation(['team', 'errors', 'common']);
  const change = useChangeMember();
  const remove = useRemoveMember();
  const approve = useApproveMember();
  const [confirming, setConfirming] = useState(false);
  const [editingSites, setEditingSites] = useState(false);
  const dropdownLabels = useDropdownLabels();
  const name = displayName(member);
  const siteNames = member.siteIds
    ? sites
        .filter((site) => member.siteIds?.includes(site.id))
        .map((site) => site.name)
        .join(', ')
    : t('team:members.allSites');

  return (
    <li className={styles.row}>
      <div className={styles.who}>
        <strong>
          {name}
          {member.isMe ? ` ${t('team:members.you')}` : ''}
        </strong>
        {name !== member.email ? <span className={styles.muted}>{member.email}</span> : null}
        <span className={styles.muted}>
          {member.pendingApproval ? `${t('team:members.pendingApproval')} · ` : ''}
          {t('team:members.sites', { sites: siteNames })}
          {' · '}
          {member.lastSignInAt
            ? t('team:members.lastSignIn', {
                date: formatDateTime(member.lastSignInAt, i18n.language),
              })
            : t('team:members.neverSignedIn')}
        </span>
      </div>
      {member.canManage ? (
        <div className={styles.actions}>
          {member.pendingApproval ? (
            <Button
              size="small"
              isPending={approve.isPending}
              pendingLabel={t('team:members.approving')}
              onPress={() =>
                approve.mutate(member.id, {
                  onSuccess: () =>
                    toaster.show({ type: 'success', title: t('team:members.approved', { name }) }),
                  onError: (error) => showErrorToasts(error, t),
                })
              }
            >
              {t('team:members.approve', { name })}
            </Button>
          ) : null}
          {member.role !== 'admin' && sites.length > 1 && !editingSites ? (
            <Button variant="outlined" size="small" onPress={() => setEditingSites(true)}>
              {t('team:members.editSites', { name })}
            </Button>
          ) : null}
          <Dropdown<{ value: CustomerRole; label: string }>
            label={t('team:members.roleOf', { name })}
            options={customerRoles.map((role) => ({ value: role, label: t(`team:roles.${role}`) }))}
            value={member.role}
            isDisabled={change.isPending}
            labels={dropdownLabels}
            onChange={(role) => {
              if (!role || role === member.role) return;
              change.mutate(
                {
                  id: member.id,
                  role: role as CustomerRole,
                  siteIds: member.siteIds,
                },
                {
                  onSuccess: () =>
                    toaster.show({
                      type: 'success',
                      title: t('team:members.roleChanged', { name }),
                    }),
                  onError: (error) => showErrorToasts(error, t),
                },
              );
            }}
          />
          {confirming ? (
            <>
              <Button
                tone="destructive"
                size="small"
                isPending={remove.isPending}
                pendingLabel={t('team:members.removing')}
                onPress={() =>
                  remove.mutate(member.id, {
                    onSuccess: () =>
                      toaster.show({ type: 'success', title: t('team:members.removed', { name }) }),
                    onError: (error) => {
                      setConfirming(false);
                      showErrorToasts(error, t);
                    },
                  })
                }
              >
                {t('team:members.confirmRemove', { name })}
              </Button>
              <Button variant="text" size="small" onPress={() => setConfirming(false)}>
                {t('team:cancel')}
              </Button>
            </>
          ) : (
            <Button
              variant="outlined"
              tone="destructive"
              size="small"
              onPress={() => setConfirming(true)}
            >
              {t('team:members.remove', { name })}
            </Button>
          )}
        </div>
      ) : null}
      {editingSites ? (
        <SitesEditor
          member={member}
          sites={sites}
          grantable={grantable}
          onDone={() => setEditingSites(false)}
        />
      ) : null}
    </li>
  );
}

export function MemberList({ team }: { team: Team }) {
  const { t } = useTranslation(['team', 'errors']);
  return (
    <section className={styles.section} aria-labelledby="members-title">
      <h2 id="members-title">{t('members.title')}</h2>
      <ul className={styles.list}>
        {team.members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            sites={team.sites}
            grantable={team.grantableSiteIds}
          />
        ))}
      </ul>
    </section>
  );
}
