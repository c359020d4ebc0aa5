import { useMe } from '@/features/auth/api/get-me';
import { NamePrompt } from '@/features/profile/components/name-prompt';

/** The first-sign-in name question with the session's profile (loaded only when a name is missing). */
export default function SessionNamePrompt({ isSuppressed }: { isSuppressed: boolean }) {
  const me = useMe();
  if (!me.data) return null;
  return <NamePrompt profile={me.data} isSuppressed={isSuppressed} />;
}
