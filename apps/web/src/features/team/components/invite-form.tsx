import { useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { RadioGroup } from '@portal/ui/radio';
import { customerRoles, type CustomerRole, type Language, type Team } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { addressErrorCode, InviteeAddressField } from '@/lib/invitee-address';
import { toaster } from '@/lib/toaster';
import { useInviteMember } from '../api/team-mutations';
import { SiteScope } from './site-scope';
import styles from './team.module.css';

/** Codes the form shows under the address instead of as a toast. */
const addressCodes = new Set([
  'team.already_member',
  'team.already_invited',
  'team.address_invited_too_often',
]);

/**
 * Invites a colleague: address, role (with what each may do), some sites or all, and the
 * language of the invitation mail (the invitee's).
 */
export function InviteForm({
  sites,
  grantable,
}: {
  sites: Team['sites'];
  grantable: Team['grantableSiteIds'];
}) {
  const { t, i18n } = useTranslation(['team', 'errors', 'common']);
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CustomerRole>('buyer');
  const [locale, setLocale] = useState<Language>(i18n.language === 'en' ? 'en' : 'fr');
  // An admin limited to some sites invites within them: their sites are the starting choice.
  const [siteIds, setSiteIds] = useState<string[] | null>(grantable);
  const [emailError, setEmailError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setEmailError(undefined);
    invite.mutate(
      { email, role, locale, siteIds: siteIds?.length || grantable ? siteIds : null },
      {
        onSuccess: (invitation) => {
          toaster.show({
            type: 'success',
            title: t('team:invite.sentTitle'),
            description: t('team:invite.sent', { email: invitation.email }),
          });
          setEmail('');
          setSiteIds(grantable);
        },
        onError: (error) => {
          const code = addressErrorCode(error, addressCodes);
          if (code) setEmailError(t(`errors:${code}`));
          else showErrorToasts(error, t);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">{t('team:invite.title')}</h2>
      <InviteeAddressField
        label={t('team:invite.email')}
        value={email}
        onChange={setEmail}
        errorText={emailError}
      />
      <RadioGroup
        label={t('team:invite.role')}
        value={role}
        onChange={(value) => setRole(value as CustomerRole)}
        options={customerRoles.map((value) => ({
          value,
          label: t(`team:roles.${value}`),
          description: t(`team:roleDescriptions.${value}`),
        }))}
      />
      {sites.length > 1 ? (
        <SiteScope
          legend={t('team:invite.sites')}
          sites={sites}
          grantable={grantable}
          value={siteIds}
          onChange={setSiteIds}
        />
      ) : null}
      <RadioGroup
        label={t('team:invite.language')}
        orientation="horizontal"
        value={locale}
        onChange={(value) => setLocale(value as Language)}
        options={[
          { value: 'fr', label: t('team:languages.fr') },
          { value: 'en', label: t('team:languages.en') },
        ]}
      />
      <div>
        <Button type="submit" isPending={invite.isPending} pendingLabel={t('team:invite.sending')}>
          {t('team:invite.submit')}
        </Button>
      </div>
    </form>
  );
}
