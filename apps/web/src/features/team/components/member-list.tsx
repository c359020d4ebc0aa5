import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui/button';
import { customerRoles, type CustomerRole, type Team, type TeamMember } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { toaster } from '@/lib/toaster';
import { useChangeMember, useRemoveMember } from '../api/team-mutations';
import { formatDateTime } from './format';
import styles from './team.module.css';

function displayName(member: TeamMember): string {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ');
  return name || member.email;
}

/** One colleague: name, address, sites, the role as a select, and removal in two steps. */
function MemberRow({ member, sites }: { member: TeamMember; sites: Team['sites'] }) {
  const { t, i18n } = useTranslation(['team', 'errors', 'common']);
  const change = useChangeMember();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
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
          {t('team:members.sites', { sites: siteNames })}
          {' · '}
          {member.lastSignInAt
            ? t('team:members.lastSignIn', {
                date: formatDateTime(member.lastSignInAt, i18n.language),
              })
            : t('team:members.neverSignedIn')}
        </span>
      </div>
      <div className={styles.actions}>
        <label className={styles.selectLabel}>
          {t('team:members.roleOf', { name })}
          <select
            className={styles.select}
            value={member.role}
            disabled={change.isPending}
            onChange={(event) =>
              change.mutate(
                {
                  id: member.id,
                  role: event.target.value as CustomerRole,
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
              )
            }
          >
            {customerRoles.map((role) => (
              <option key={role} value={role}>
                {t(`team:roles.${role}`)}
              </option>
            ))}
          </select>
        </label>
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
          <Button variant="outlined" size="small" onPress={() => setConfirming(true)}>
            {t('team:members.remove', { name })}
          </Button>
        )}
      </div>
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
          <MemberRow key={member.id} member={member} sites={team.sites} />
        ))}
      </ul>
    </section>
  );
}
