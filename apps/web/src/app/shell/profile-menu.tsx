import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoutIcon, UserIcon } from '@portal/ui/icons';
import { Menu } from '@portal/ui/menu';
import { ProfileButton } from '@portal/ui/profile-button';
import { ProfileDialog } from '@/features/profile/components/profile-dialog';
import { useMe } from '@/features/auth/api/get-me';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { invalidateConsent, useSignOutAction } from '../use-session-actions';

/**
 * The profile button (first name, LAST NAME, company; initials below tablet width) and its menu:
 * edit profile, change the cookie choice, sign out (spec §3, DESIGN §8).
 */
export function ProfileMenu() {
  const { t } = useTranslation('shell');
  const me = useMe();
  const signOut = useSignOutAction();
  const isAvatar = !useMediaQuery(`(min-width: ${breakpoints.tablet}px)`);
  const [isEditing, setEditing] = useState(false);
  const profile = me.data;
  const firstName = profile?.firstName ?? '';
  const lastName = profile?.lastName ?? '';
  const name = `${firstName} ${lastName}`.trim() || (profile?.email ?? '');

  return (
    <>
      <Menu
        label={name ? t('profile.menu', { name }) : t('profile.menuAnonymous')}
        placement="bottom-end"
        trigger={
          <ProfileButton
            firstName={firstName || (profile?.email ?? '')}
            lastName={lastName}
            info={profile?.company ?? undefined}
            isAvatar={isAvatar}
          />
        }
        items={[
          {
            id: 'edit',
            label: t('profile.edit'),
            icon: <UserIcon />,
            onAction: () => setEditing(true),
          },
          {
            id: 'consent',
            label: t('profile.invalidateConsent'),
            onAction: invalidateConsent,
          },
          {
            id: 'signout',
            label: t('profile.signOut'),
            icon: <LogoutIcon />,
            onAction: () => void signOut(),
          },
        ]}
      />
      {profile ? (
        <ProfileDialog
          mode="edit"
          isOpen={isEditing}
          onClose={() => setEditing(false)}
          profile={profile}
        />
      ) : null}
    </>
  );
}
