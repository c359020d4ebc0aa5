import { useState, type FormEvent, type ReactNode } from 'react';
import type { RegistrationState } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { PageHeader } from '@portal/ui/page-header';
import { CenteredSpinner } from '@portal/ui/spinner';
import { TextField } from '@portal/ui/text-field';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { useRegistration, useSubmitRegistration } from '../api/registration';
import styles from './registration-page.module.css';

/** The short request a user of no account sends: their company, their site, a phone number. */
function RegistrationForm() {
  const { t } = useTranslation(['registration', 'errors']);
  const submit = useSubmitRegistration();
  const [values, setValues] = useState({ company: '', site: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    errorText: errors[key] ? t(`errors:${errors[key]}`) : undefined,
    isRequired: true,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    submit.mutate(values, {
      onError: (error) => {
        const fields = fieldErrorCodes(error);
        if (Object.keys(fields).length) setErrors(fields);
        else showErrorToasts(error, t);
      },
    });
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="request-title">
      <h2 id="request-title">{t('registration:form.title')}</h2>
      <TextField
        label={t('registration:form.company')}
        autoComplete="organization"
        {...field('company')}
      />
      <TextField label={t('registration:form.site')} {...field('site')} />
      <TextField
        label={t('registration:form.phone')}
        type="tel"
        autoComplete="tel"
        {...field('phone')}
      />
      <div>
        <Button
          type="submit"
          isPending={submit.isPending}
          pendingLabel={t('registration:form.sending')}
        >
          {t('registration:form.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * /registration: where a signed-in user of no account lands. They send a short request, then
 * read that it is being reviewed; a sign-up by an account's domain reads that its admin must
 * approve; a rejected request says why and may be sent again.
 */
export default function RegistrationPage() {
  const { t } = useTranslation(['registration', 'errors']);
  const registration = useRegistration();
  if (registration.isError) throw registration.error;
  if (!registration.data) return <CenteredSpinner label={t('registration:loading')} />;
  const { status, reason } = registration.data;
  // Where the registration stands decides the page: a word for each state, none by hand.
  const stands: Record<RegistrationState['status'], ReactNode> = {
    pending: (
      <PageHeader
        title={t('registration:reviewing.title')}
        description={t('registration:reviewing.body')}
      />
    ),
    awaiting_admin: (
      <PageHeader
        title={t('registration:awaitingAdmin.title')}
        description={t('registration:awaitingAdmin.body')}
      />
    ),
    approved: (
      <PageHeader
        title={t('registration:approved.title')}
        description={t('registration:approved.body')}
      />
    ),
    rejected: (
      <>
        <PageHeader title={t('registration:title')} description={t('registration:description')} />
        <p role="status">{t('registration:rejected', { reason: reason ?? '' })}</p>
        <RegistrationForm />
      </>
    ),
    none: (
      <>
        <PageHeader title={t('registration:title')} description={t('registration:description')} />
        <RegistrationForm />
      </>
    ),
  };
  return <div className={styles.page}>{stands[status]}</div>;
}
