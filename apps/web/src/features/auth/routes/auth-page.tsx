import { useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLanding } from '../components/auth-landing';

/** /auth: the sign-up landing. */
export default function AuthPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('pageTitle'));
  return <AuthLanding />;
}
