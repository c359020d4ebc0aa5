import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@portal/ui/button';
import { CenteredSpinner } from '@portal/ui/spinner';
import { ssoStartPath, type InvitationPreview } from '@portal/contract';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { showErrorToasts } from '@/lib/error-toasts';
import { ErrorState } from '@/lib/load-states';
import { useTranslation } from '@/lib/i18n';
import { useAcceptInvitation, usePreviewInvitation } from '../api/invitation';
import styles from '../components/team.module.css';

/** The link's own dead ends, each with its page: expired, withdrawn, unknown or used. */
const deadEnds = {
  'team.invitation_expired': 'expired',
  'team.invitation_revoked': 'revoked',
  'team.invitation_invalid': 'invalid',
  'team.member_elsewhere': 'elsewhere',
} as const;

function deadEndOf(error: unknown) {
  if (!(error instanceof ApiRequestError)) return undefined;
  const code = error.body?.message;
  if (code && code in deadEnds) return deadEnds[code as keyof typeof deadEnds];
  // A link cut or mistyped in the mail fails the token's own format: it cannot be used either.
  return error.status === 400 ? 'invalid' : undefined;
}

/** The invited address must sign in through its company's identity provider, not this link. */
const mustUseSso = (error: unknown) =>
  error instanceof ApiRequestError && error.body?.message === 'auth.sso_required';

/**
 * /invitation/:token, the link of an invitation mail. Opening the page spends nothing (mail
 * scanners open links): it shows who invites and as what, and the person presses the button,
 * which joins the account and signs them in. Where the account requires single sign-on for the
 * address, the page sends them to it instead: signing in there accepts the invitation.
 */
export default function InvitationPage() {
  const { t } = useTranslation(['team', 'errors', 'common']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const preview = usePreviewInvitation();
  const accept = useAcceptInvitation();
  const [offer, setOffer] = useState<InvitationPreview | null>(null);
  const { run } = preview;

  const loadOffer = useCallback(() => run(token, { onSuccess: setOffer }), [run, token]);
  useEffect(loadOffer, [loadOffer]);

  const deadEnd = deadEndOf(accept.error) ?? deadEndOf(preview.error);
  if (deadEnd) {
    return (
      <section className={styles.page} aria-labelledby="invitation-title">
        <h1 id="invitation-title">{t(`team:invitation.${deadEnd}Title`)}</h1>
        <p>
          {t(
            `errors:${Object.keys(deadEnds).find((code) => deadEnds[code as keyof typeof deadEnds] === deadEnd)}`,
          )}
        </p>
        <p>
          <a href={paths.auth}>{t('team:invitation.toSignIn')}</a>
        </p>
      </section>
    );
  }
  if (!offer && preview.error) return <ErrorState error={preview.error} onRetry={loadOffer} />;
  if (!offer) return <CenteredSpinner label={t('team:loading')} />;
  return (
    <section className={styles.page} aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t('team:invitation.title', { account: offer.accountName })}</h1>
      <p>
        {t('team:invitation.description', {
          email: offer.email,
          role: t(`team:roles.${offer.role}`),
        })}
      </p>
      <div>
        <Button
          size="large"
          isPending={accept.isPending}
          pendingLabel={t('team:invitation.accepting')}
          onPress={() =>
            accept.run(token, {
              onSuccess: () => void navigate(paths.root, { replace: true }),
              onError: (error) => {
                if (!deadEndOf(error) && !mustUseSso(error)) showErrorToasts(error, t);
              },
            })
          }
        >
          {t('team:invitation.accept')}
        </Button>
      </div>
      {mustUseSso(accept.error) ? (
        <div role="alert">
          <p>{t('errors:auth.sso_required')}</p>
          <p>
            <a href={`${ssoStartPath}?${new URLSearchParams({ email: offer.email }).toString()}`}>
              {t('team:invitation.continueWithSso')}
            </a>
          </p>
        </div>
      ) : null}
    </section>
  );
}
