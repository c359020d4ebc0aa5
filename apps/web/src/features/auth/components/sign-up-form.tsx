import { lazy, Suspense, useState, type FormEvent } from 'react';
import { checkSignUp, type SignUpRequest } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { useTranslation } from '@/lib/i18n';
import styles from './auth.module.css';

// Arrives just after the first render: the first page's bytes are the form's.
const PasskeySignIn = lazy(() => import('./passkey-sign-in'));

/** What the form sends: e-mail trimmed and lower-cased, company trimmed or absent. */
export type SignUpPayload = SignUpRequest;

export interface SignUpFormProps {
  isSending: boolean;
  onSubmit: (payload: SignUpPayload) => void;
}

type Field = 'email' | 'company';

/** Asked only once an address is typed: the sign-in page itself loads none of it. */
const SsoChoice = lazy(() => import('./sso-choice'));

/**
 * The sign-up form: e-mail (required), company (optional), validated on every change with
 * the contract's rules (the zod-free `checkSignUp`, equal to the server's schema: a visitor's
 * first page loads no validation library). A field shows its error once it has been changed; the
 * primary button is disabled until the form is valid and while sending, with a spinner.
 */
export function SignUpForm({ isSending, onSubmit }: SignUpFormProps) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', company: '' });
  const [changed, setChanged] = useState<Partial<Record<Field, boolean>>>({});
  const { payload, errors } = checkSignUp(values);
  // The address whose domain was asked about single sign-on: set when the field is left.
  const [typedEmail, setTypedEmail] = useState<string>();
  const noteEmail = () => setTypedEmail(checkSignUp({ email: values.email }).payload?.email);

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setChanged((current) => (current[name] ? current : { ...current, [name]: true }));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    noteEmail();
    if (payload && !isSending) onSubmit(payload);
    else setChanged({ email: true, company: true });
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="sign-up-title">
      <h2 id="sign-up-title" className={styles.title}>
        {t('auth:form.title')}
      </h2>
      <p className={styles.description}>{t('auth:form.description')}</p>
      <TextField
        label={t('auth:form.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        isRequired
        errorText={changed.email && errors.email ? t('common:form.invalidEmail') : undefined}
        onBlur={noteEmail}
        {...field('email')}
      />
      {typedEmail && (
        <Suspense fallback={null}>
          <SsoChoice email={typedEmail} />
        </Suspense>
      )}
      <TextField
        label={t('auth:form.company')}
        description={t('auth:form.companyDescription')}
        autoComplete="organization"
        errorText={changed.company && errors.company ? t('errors:field.too_long') : undefined}
        {...field('company')}
      />
      <Button
        type="submit"
        size="medium"
        isDisabled={!payload || isSending}
        isPending={isSending}
        pendingLabel={t('auth:form.sending')}
        className={styles.submit}
      >
        {t('auth:form.submit')}
      </Button>
      <p className={styles.hint}>{t('auth:form.alreadyRegistered')}</p>
      <Suspense fallback={null}>
        <PasskeySignIn />
      </Suspense>
    </form>
  );
}
