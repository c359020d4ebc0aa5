import type { Profile } from '@portal/contract';
import { ProfileDialog } from './profile-dialog';

export interface NamePromptProps {
  /** The signed-in user's profile (the session query's answer). */
  profile: Profile;
  /** True while another modal question (the consent pop-up) comes first. */
  isSuppressed?: boolean;
}

/**
 * After the first sign-in, a user without a name is asked for it once: the dialog
 * shows while first or last name is missing and never again once they are saved.
 */
export function NamePrompt({ profile, isSuppressed = false }: NamePromptProps) {
  const isMissing = !profile.firstName || !profile.lastName;
  return (
    <ProfileDialog
      mode="welcome"
      isOpen={isMissing && !isSuppressed}
      onClose={() => undefined}
      profile={profile}
    />
  );
}
