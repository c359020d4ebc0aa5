import { useId } from 'react';
import type { Language, Profile } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileForm, type ProfileFormValues } from './profile-form';

export interface ProfileDialogProps {
  isOpen: boolean;
  onClose(): void;
  profile: Pick<Profile, 'firstName' | 'lastName' | 'phone'> & { locale?: Language };
  /**
   * `edit`: the profile menu's "edit my profile", closable. `welcome`: the one question after the
   * first sign-in of a user without a name; it stays until the name is given.
   */
  mode: 'edit' | 'welcome';
  /** Called with the saved profile. */
  onSaved?(profile: Profile): void;
}

/** PATCH /api/users/me from a dialog. */
export function ProfileDialog({ isOpen, onClose, profile, mode, onSaved }: ProfileDialogProps) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const formId = useId();
  const update = useUpdateProfile();
  const isWelcome = mode === 'welcome';

  const submit = (values: ProfileFormValues) => {
    update.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        ...(values.locale ? { locale: values.locale } : {}),
      },
      {
        onSuccess: (saved) => {
          // The saved language is the interface's too (kept in the locale cookie and storage).
          if (values.locale && values.locale !== i18n.language) {
            void i18n.changeLanguage(values.locale);
          }
          if (!isWelcome)
            toaster.show({
              type: 'success',
              title: t('common:success'),
              description: t('edit.saved'),
            });
          onSaved?.(saved);
          onClose();
        },
        onError: () =>
          toaster.show({ type: 'error', title: t('common:error'), description: t('saveFailed') }),
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      isClosable={!isWelcome}
      closeLabel={t('edit.cancel')}
      title={isWelcome ? t('welcome.title') : t('edit.title')}
      description={isWelcome ? t('welcome.description') : t('edit.description')}
      footer={
        <>
          {isWelcome ? null : (
            <Button variant="outlined" onPress={onClose}>
              {t('edit.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            form={formId}
            isPending={update.isPending}
            pendingLabel={t('edit.saving')}
          >
            {isWelcome ? t('welcome.save') : t('edit.save')}
          </Button>
        </>
      }
    >
      {/* A fresh form, from the saved profile, each time the dialog opens. */}
      <ProfileForm
        key={String(isOpen)}
        id={formId}
        profile={profile}
        withLanguage={!isWelcome}
        onSubmit={submit}
      />
    </Dialog>
  );
}
