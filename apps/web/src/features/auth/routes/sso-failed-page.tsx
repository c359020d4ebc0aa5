import { useSearchParams } from 'react-router';
import { ssoFailureReasons, type SsoFailureReason } from '@portal/contract';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from '../components/auth.module.css';

const isReason = (value: string | null): value is SsoFailureReason =>
  (ssoFailureReasons as readonly (string | null)[]).includes(value);

/**
 * /sso/failed?reason=…, where the server sends a refused single sign-on: why, in the person's
 * language (an unknown reason gets a general sentence), and the way back to the sign-in page.
 */
export default function SsoFailedPage() {
  const { t } = useTranslation(['auth', 'errors']);
  useDocumentTitle(t('auth:ssoFailed.title'));
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return (
    <section className={styles.signIn} aria-labelledby="sso-failed-title">
      <h1 id="sso-failed-title" className={styles.title}>
        {t('auth:ssoFailed.title')}
      </h1>
      <p role="alert">
        {isReason(reason) ? t(`errors:sso.${reason}`) : t('auth:ssoFailed.unknown')}
      </p>
      <p>
        <a href={paths.auth}>{t('auth:ssoFailed.back')}</a>
      </p>
    </section>
  );
}
