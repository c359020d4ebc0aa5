import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { LanguageSchema, type Language, type Profile } from '@portal/contract';
import { RadioGroup } from '@portal/ui/radio';
import { TextField } from '@portal/ui/text-field';
import { REQUIRED } from '@/lib/form-rules';
import { useTranslation } from '@/lib/i18n';
import styles from './profile-form.module.css';

/** The form's rules: the contract's, with names required (they are why the form exists). */
const profileFormSchema = z.object({
  firstName: z.string().trim().min(1, REQUIRED).max(100, 'profile:fields.tooLong'),
  lastName: z.string().trim().min(1, REQUIRED).max(100, 'profile:fields.tooLong'),
  phone: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s.()-]/g, ''))
    .pipe(z.string().regex(/^(\+[1-9]\d{6,14})?$/, 'profile:fields.phoneInvalid')),
  locale: LanguageSchema.optional(),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export interface ProfileFormProps {
  id: string;
  profile: Pick<Profile, 'firstName' | 'lastName' | 'phone'> & { locale?: Language };
  /** Offers the user's language too (a profile setting, also the language of their e-mails). */
  withLanguage?: boolean;
  onSubmit(values: ProfileFormValues): void;
}

/** First name, last name and optional phone: used by "edit my profile" and the first-sign-in prompt. */
export function ProfileForm({ id, profile, withLanguage = false, onSubmit }: ProfileFormProps) {
  const { t, i18n } = useTranslation(['profile', 'common', 'shell']);
  const {
    control,
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
      locale: withLanguage ? (profile.locale ?? (i18n.language === 'en' ? 'en' : 'fr')) : undefined,
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
      {withLanguage ? (
        <Controller
          control={control}
          name="locale"
          render={({ field }) => (
            <RadioGroup
              label={t('fields.language')}
              description={t('fields.languageHint')}
              name={field.name}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              options={[
                { value: 'fr', label: t('shell:language.fr'), lang: 'fr' },
                { value: 'en', label: t('shell:language.en'), lang: 'en' },
              ]}
            />
          )}
        />
      ) : null}
    </form>
  );
}
