import { Suspense, lazy, useState } from 'react';
import { CookieIcon, LogoutIcon, UserIcon } from '@portal/ui/icons';
import { Menu } from '@portal/ui/menu';
import { ProfileButton } from '@portal/ui/profile-button';
import { useMe } from '@/features/auth/api/get-me';
import { useTranslation } from '@/lib/i18n';
import { fromQuery, useMediaQuery } from '@/lib/use-media-query';
import { invalidateConsent } from '../use-session-actions';
import { useSignOutAction } from '../use-sign-out-action';

// The form (react-hook-form, the contract's zod schema, the phone input) loads when first opened.
const ProfileDialog = lazy(() =>
  import('@/features/profile/components/profile-dialog').then((module) => ({
    default: module.ProfileDialog,
  })),
);

/**
 * The profile button (first name, LAST NAME, company; initials below tablet width) and its menu:
 * edit profile, change the cookie choice, sign out.
 */
export function ProfileMenu() {
  const { t } = useTranslation('shell');
  const me = useMe();
  const signOut = useSignOutAction();
  const isAvatar = !useMediaQuery(fromQuery('tablet'));
  const [isEditing, setEditing] = useState(false);
  // Once opened, the dialog stays mounted, so closing it plays its animation.
  const [wasOpened, setWasOpened] = useState(false);
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
            onAction: () => {
              setWasOpened(true);
              setEditing(true);
            },
          },
          {
            id: 'consent',
            label: t('profile.invalidateConsent'),
            icon: <CookieIcon />,
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
      {profile && wasOpened ? (
        <Suspense fallback={null}>
          <ProfileDialog
            mode="edit"
            isOpen={isEditing}
            onClose={() => setEditing(false)}
            profile={profile}
          />
        </Suspense>
      ) : null}
    </>
  );
}
