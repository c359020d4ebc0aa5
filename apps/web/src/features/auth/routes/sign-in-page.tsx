import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonLook } from '@portal/ui/button';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignIn } from '../api/sign-in';
import { showErrorToasts } from '@/lib/error-toasts';
import styles from '../components/auth.module.css';

type LinkProblem = 'expired' | 'invalid';

function linkProblem(error: unknown): LinkProblem | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  return error.body?.message === 'auth.link_expired' ? 'expired' : 'invalid';
}

/**
 * /signin/:hash. Opening the page never spends the link: mail scanners open links and even run
 * their scripts, so the person presses a button, which posts the hash.
 */
export default function SignInPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  useDocumentTitle(t('auth:signInPageTitle'));
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const problem = linkProblem(signIn.error);

  const submit = () =>
    signIn.run(hash, {
      // The landing rule, at `/`, sends each person where they belong.
      onSuccess: () => navigate(paths.root, { replace: true }),
      onError: (error) => {
        // A dead link gets its explanation on the page; anything else (network, 5xx) a toast.
        if (!linkProblem(error)) showErrorToasts(error, t);
      },
    });

  if (problem) {
    return (
      <section className={styles.signIn} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={styles.title}>
          {t(problem === 'expired' ? 'auth:signIn.expiredTitle' : 'auth:signIn.invalidTitle')}
        </h1>
        <p>
          {t(
            problem === 'expired'
              ? 'auth:signIn.expiredDescription'
              : 'auth:signIn.invalidDescription',
          )}
        </p>
        <Link {...buttonLook({ size: 'large' })} to={paths.auth}>
          {t('auth:signIn.askNewLink')}
        </Link>
      </section>
    );
  }

  return (
    <section className={styles.signIn} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className={styles.title}>
        {t('auth:signIn.title')}
      </h1>
      <p>{t('auth:signIn.description')}</p>
      <Button
        size="large"
        data-testid="sign-in-submit"
        isPending={signIn.isPending}
        pendingLabel={t('auth:signIn.pending')}
        onPress={submit}
      >
        {t('auth:signIn.submit')}
      </Button>
    </section>
  );
}
