import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SignUpRequestSchema } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import styles from './auth.module.css';

export type SignUpPayload = z.output<typeof SignUpRequestSchema>;
type SignUpFields = z.input<typeof SignUpRequestSchema>;

export interface SignUpFormProps {
  isSending: boolean;
  onSubmit: (payload: SignUpPayload) => void;
}

/**
 * Spec §2 sign-up form: e-mail (required), company (optional), validated on every change with
 * the contract's schema; the destructive button is disabled until the form is valid and while
 * sending, and shows a spinner while sending.
 */
export function SignUpForm({ isSending, onSubmit }: SignUpFormProps) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<SignUpFields, unknown, SignUpPayload>({
    resolver: zodResolver(SignUpRequestSchema),
    mode: 'onChange',
    defaultValues: { email: '', company: '' },
  });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby="sign-up-title"
    >
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
        errorText={errors.email ? t('common:form.invalidEmail') : undefined}
        {...register('email')}
      />
      <TextField
        label={t('auth:form.company')}
        description={t('auth:form.companyDescription')}
        autoComplete="organization"
        errorText={errors.company ? t('errors:field.too_long') : undefined}
        {...register('company')}
      />
      <Button
        type="submit"
        tone="destructive"
        size="medium"
        isDisabled={!isValid || isSending}
        isPending={isSending}
        pendingLabel={t('auth:form.sending')}
        className={styles.submit}
      >
        {t('auth:form.submit')}
      </Button>
      <p className={styles.hint}>{t('auth:form.alreadyRegistered')}</p>
    </form>
  );
}
