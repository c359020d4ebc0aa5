import { useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { RadioGroup } from '@portal/ui/radio';
import type { Language } from '@portal/contract';
import { showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { addressErrorCode, InviteeAddressField } from '@/lib/invitee-address';
import styles from './accounts.module.css';

export interface PersonFormProps<TRole extends string> {
  /** The form's heading, which names it. */
  title: string;
  titleId: string;
  roles: ReadonlyArray<{ value: TRole; label: string }>;
  defaultRole: TRole;
  submitLabel: string;
  isPending: boolean;
  /** Error codes about the address, shown under it instead of as a toast. */
  addressCodes: ReadonlySet<string>;
  /** Sends the form; resolves once done (the address is then cleared), rejects on an error. */
  onSubmit(person: { email: string; role: TRole; locale: Language }): Promise<unknown>;
}

/**
 * Someone to let in by e-mail, with a role and the language of the mail they get: a customer's
 * user invited into an account, or a staff member.
 */
export function PersonForm<TRole extends string>({
  title,
  titleId,
  roles,
  defaultRole,
  submitLabel,
  isPending,
  addressCodes,
  onSubmit,
}: PersonFormProps<TRole>) {
  const { t, i18n } = useTranslation(['accounts', 'errors']);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TRole>(defaultRole);
  const [locale, setLocale] = useState<Language>(i18n.language === 'en' ? 'en' : 'fr');
  const [emailError, setEmailError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmailError(undefined);
    onSubmit({ email, role, locale }).then(
      () => setEmail(''),
      (error: unknown) => {
        const code = addressErrorCode(error, addressCodes);
        if (code) setEmailError(t(`errors:${code}`));
        else showErrorToasts(error, t);
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <InviteeAddressField
        label={t('accounts:users.email')}
        value={email}
        onChange={setEmail}
        errorText={emailError}
      />
      <RadioGroup
        label={t('accounts:users.role')}
        orientation="horizontal"
        value={role}
        onChange={(value) => setRole(value as TRole)}
        options={[...roles]}
      />
      <RadioGroup
        label={t('accounts:users.language')}
        orientation="horizontal"
        value={locale}
        onChange={(value) => setLocale(value as Language)}
        options={[
          { value: 'fr', label: t('accounts:users.languages.fr') },
          { value: 'en', label: t('accounts:users.languages.en') },
        ]}
      />
      <div>
        <Button type="submit" isPending={isPending} pendingLabel={t('accounts:saving')}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
