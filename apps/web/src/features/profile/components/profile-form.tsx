import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Profile } from '@portal/contract';
import { TextField } from '@portal/ui/text-field';
import styles from './profile-form.module.css';

/** The form's rules: the contract's, with names required (they are why the form exists). */
const profileFormSchema = z.object({
  firstName: z.string().trim().min(1, 'common:form.required').max(100, 'profile:fields.tooLong'),
  lastName: z.string().trim().min(1, 'common:form.required').max(100, 'profile:fields.tooLong'),
  phone: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s.()-]/g, ''))
    .pipe(z.string().regex(/^(\+[1-9]\d{6,14})?$/, 'profile:fields.phoneInvalid')),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export interface ProfileFormProps {
  id: string;
  profile: Pick<Profile, 'firstName' | 'lastName' | 'phone'>;
  onSubmit(values: ProfileFormValues): void;
}

/** First name, last name and optional phone: used by "edit my profile" and the first-sign-in prompt. */
export function ProfileForm({ id, profile, onSubmit }: ProfileFormProps) {
  const { t } = useTranslation(['profile', 'common']);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    mode: 'onChange',
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      phone: profile.phone ?? '',
    },
  });
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <form id={id} className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        label={t('fields.firstName')}
        autoComplete="given-name"
        isRequired
        errorText={message(errors.firstName?.message)}
        {...register('firstName')}
      />
      <TextField
        label={t('fields.lastName')}
        autoComplete="family-name"
        isRequired
        errorText={message(errors.lastName?.message)}
        {...register('lastName')}
      />
      <TextField
        label={t('fields.phone')}
        description={t('fields.phoneHint')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        errorText={message(errors.phone?.message)}
        {...register('phone')}
      />
    </form>
  );
}
