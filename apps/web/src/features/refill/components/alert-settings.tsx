import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { StatementSubscriptionSwitch } from './statement-subscription';
import { z } from 'zod';
import type { AlertRecipient, AlertSettings, AlertsResponse } from '@portal/contract';
import { Button, IconButton } from '@portal/ui/button';
import { NumberInput } from '@portal/ui/number-input';
import { Switch } from '@portal/ui/switch';
import { TextField } from '@portal/ui/text-field';
import { toaster } from '@/lib/toaster';
import { useAlerts } from '../api/get-alerts';
import { useUpdateAlertSettings } from '../api/update-alert-settings';
import { useRefillFormat } from '../hooks/use-refill-format';
import { fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { ErrorState, LoadingState } from '@/lib/load-states';
import styles from './refill.module.css';
import { checkRequiredNumber } from '@/lib/form-rules';
import { useAbility } from '@/lib/ability';

const MAX_RECIPIENTS = 20;
const emailSchema = z.email().max(254);

/** Both thresholds are whole percentages; the critical one stays below the alert's. */
const percentRanges = {
  thresholdPct: { min: 1, max: 99 },
  criticalPct: { min: 0, max: 98 },
} as const;
const wholePercent = { unit: '%', allowDecimal: false, isRequired: true } as const;

const outOfRange = (value: number | null, range: { min: number; max: number }) =>
  value === null || !Number.isInteger(value) || value < range.min || value > range.max;

interface SettingsErrors {
  thresholdPct?: string;
  criticalPct?: string;
  recipient?: string;
}

export function validateAlertSettings(settings: {
  thresholdPct: number | null;
  criticalPct: number | null;
}): SettingsErrors {
  const errors: SettingsErrors = {};
  const { thresholdPct, criticalPct } = settings;
  const thresholdMissing = checkRequiredNumber(thresholdPct);
  const criticalMissing = checkRequiredNumber(criticalPct);
  if (thresholdMissing) errors.thresholdPct = thresholdMissing;
  else if (outOfRange(thresholdPct, percentRanges.thresholdPct))
    errors.thresholdPct = 'alerts.errors.thresholdRange';
  if (criticalMissing) errors.criticalPct = criticalMissing;
  else if (outOfRange(criticalPct, percentRanges.criticalPct))
    errors.criticalPct = 'alerts.errors.criticalRange';
  else if (thresholdPct !== null && criticalPct !== null && criticalPct >= thresholdPct)
    errors.criticalPct = 'alerts.errors.criticalBelow';
  return errors;
}

/**
 * Where each saved recipient stands: users of the account get alerts at once; any other address
 * only once it has confirmed by the link of the one mail it gets when first saved.
 */
function RecipientStatus({ status }: { status: AlertRecipient['status'] | undefined }) {
  const { t } = useTranslation(['refill', 'errors']);
  return (
    <span className={styles.recipientStatus} data-status={status ?? 'unsaved'}>
      {t(`alerts.recipientStatus.${status ?? 'unsaved'}`)}
    </span>
  );
}

function SettingsForm({
  initial,
  saved,
}: {
  initial: AlertSettings;
  saved: AlertsResponse['recipients'];
}) {
  // Only an admin changes the alert settings (`update alerts`); others see them.
  const canUpdate = useAbility().can('update', 'alerts');
  const statusOf = new Map(saved.map((recipient) => [recipient.email, recipient.status]));
  const { t } = useTranslation(['refill', 'errors']);
  const mutation = useUpdateAlertSettings();
  const [thresholdPct, setThresholdPct] = useState<number | null>(initial.thresholdPct);
  const [criticalPct, setCriticalPct] = useState<number | null>(initial.criticalPct);
  const [emailEnabled, setEmailEnabled] = useState(initial.emailEnabled);
  const [recipients, setRecipients] = useState(initial.recipients);
  // With e-mails on, say who will get them: nobody chosen means every user of the account, and
  // outside addresses that have not confirmed yet get nothing.
  const emailNotice = !emailEnabled
    ? null
    : recipients.length === 0
      ? 'alerts.emailToEveryone'
      : recipients.every((email) => statusOf.get(email.toLowerCase()) === 'pending')
        ? 'alerts.emailToNobody'
        : null;
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<SettingsErrors>({});

  const addRecipient = () => {
    const email = draft.trim();
    if (!emailSchema.safeParse(email).success) {
      setErrors((current) => ({ ...current, recipient: 'alerts.errors.email' }));
      return;
    }
    if (recipients.some((item) => item.toLowerCase() === email.toLowerCase())) {
      setErrors((current) => ({ ...current, recipient: 'alerts.errors.duplicate' }));
      return;
    }
    setRecipients([...recipients, email]);
    setDraft('');
    setErrors((current) => ({ ...current, recipient: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAlertSettings({ thresholdPct, criticalPct });
    setErrors(found);
    if (found.thresholdPct || found.criticalPct || thresholdPct === null || criticalPct === null)
      return;
    mutation.mutate(
      { thresholdPct, criticalPct, emailEnabled, recipients },
      {
        onSuccess: () =>
          toaster.show({
            type: 'success',
            title: t('common:success'),
            description: t('alerts.saved'),
          }),
        onError: (error) => {
          const fields = fieldErrorCodes(error);
          setErrors({
            thresholdPct: fields.thresholdPct ? `errors:${fields.thresholdPct}` : undefined,
            criticalPct: fields.criticalPct ? `errors:${fields.criticalPct}` : undefined,
            recipient: fields.recipients ? `errors:${fields.recipients}` : undefined,
          });
          showErrorToasts(error, t);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className={styles.stack} aria-labelledby="alerts-title">
      <h2 id="alerts-title" className={styles.sectionTitle}>
        {t('alerts.title')}
      </h2>
      <p className={styles.muted}>{t('alerts.description')}</p>
      <div className={styles.formRow}>
        <NumberInput
          {...wholePercent}
          {...percentRanges.thresholdPct}
          isDisabled={!canUpdate}
          label={t('alerts.threshold')}
          description={t('alerts.thresholdHelp')}
          value={thresholdPct}
          onChange={setThresholdPct}
          errorText={errors.thresholdPct ? t(errors.thresholdPct) : undefined}
        />
        <NumberInput
          {...wholePercent}
          {...percentRanges.criticalPct}
          isDisabled={!canUpdate}
          label={t('alerts.critical')}
          description={t('alerts.criticalHelp')}
          value={criticalPct}
          onChange={setCriticalPct}
          errorText={errors.criticalPct ? t(errors.criticalPct) : undefined}
        />
      </div>
      <Switch
        label={t('alerts.email')}
        isSelected={emailEnabled}
        onChange={setEmailEnabled}
        isDisabled={!canUpdate}
      />
      {emailNotice ? (
        <p role="status" className={styles.notice}>
          {t(emailNotice)}
        </p>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend>{t('alerts.recipients')}</legend>
        <p className={styles.muted}>{t('alerts.recipientsHelp')}</p>
        {recipients.length === 0 ? (
          <p className={styles.muted}>{t('alerts.noRecipients')}</p>
        ) : (
          <ul className={styles.recipients}>
            {recipients.map((email) => (
              <li key={email}>
                <span>{email}</span>
                <RecipientStatus status={statusOf.get(email.toLowerCase())} />
                {canUpdate ? (
                  <IconButton
                    variant="text"
                    label={t('alerts.removeRecipient', { email })}
                    icon={<span aria-hidden="true">×</span>}
                    onPress={() => setRecipients(recipients.filter((item) => item !== email))}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canUpdate ? (
          <div className={styles.formRow}>
            <TextField
              label={t('alerts.newRecipient')}
              type="email"
              autoComplete="email"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the address instead of submitting the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addRecipient();
                }
              }}
              errorText={errors.recipient ? t(errors.recipient) : undefined}
            />
            <Button
              variant="outlined"
              onPress={addRecipient}
              isDisabled={recipients.length >= MAX_RECIPIENTS}
            >
              {t('alerts.addRecipient')}
            </Button>
          </div>
        ) : null}
      </fieldset>
      {canUpdate ? (
        <div>
          <Button type="submit" isPending={mutation.isPending} pendingLabel={t('alerts.saving')}>
            {t('alerts.save')}
          </Button>
        </div>
      ) : (
        <p role="note">{t('alerts.adminOnly')}</p>
      )}
    </form>
  );
}

function ActiveAlerts({ active }: { active: AlertsResponse['active'] }) {
  const { t } = useTranslation(['refill', 'errors']);
  const f = useRefillFormat();
  return (
    <section aria-labelledby="active-alerts-title" className={styles.stack}>
      <h2 id="active-alerts-title" className={styles.sectionTitle}>
        {t('alerts.activeTitle')}
      </h2>
      {active.length === 0 ? (
        <p className={styles.muted}>{t('alerts.noActive')}</p>
      ) : (
        <ul className={styles.alertList}>
          {active.map((alert) => (
            <li key={alert.id}>
              <span
                className={styles.alert}
                data-tone={alert.level === 'critical' ? 'error' : 'warning'}
              >
                {t(`alertLevel.${alert.level}`)}
              </span>{' '}
              {t('alerts.activeItem', { serial: alert.serial, date: f.dateTime(alert.raisedAt) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Alert settings (query key `refill_alert`) and the alerts raised now. */
export function AlertSettingsPanel() {
  const query = useAlerts();
  const canUpdate = useAbility().can('update', 'alerts');
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className={styles.twoColumns}>
      <div className={styles.stack}>
        <SettingsForm initial={query.data.settings} saved={query.data.recipients} />
        {canUpdate ? <StatementSubscriptionSwitch /> : null}
      </div>
      <ActiveAlerts active={query.data.active} />
    </div>
  );
}
