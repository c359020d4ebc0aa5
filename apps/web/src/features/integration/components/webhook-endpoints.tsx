import { useId, useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { Dialog } from '@portal/ui/dialog';
import { FieldSet, useFieldIds } from '@portal/ui/field';
import { Switch } from '@portal/ui/switch';
import { TextField } from '@portal/ui/text-field';
import {
  webhookEventTypes,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@portal/contract';
import { errorMessageKey, fieldErrorCodes, showErrorToasts } from '@/lib/error-toasts';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRedeliverWebhookMessage,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';
import styles from './webhook-endpoints.module.css';

/** The label key of each event (event names hold dots, which translation keys read as nesting). */
const eventLabelKeys = {
  'refill_request.status_changed': 'webhooks.events.refillRequestStatusChanged',
  'quote.offered': 'webhooks.events.quoteOffered',
  'drum.low': 'webhooks.events.drumLow',
  'drum.critical': 'webhooks.events.drumCritical',
} as const satisfies Record<WebhookEventType, string>;

/** Messages of the delivery log shown at first, and added by each "show older". */
const LOG_PAGE = 10;

function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}

/**
 * The account's outgoing webhooks, for its admin: the endpoints with their events and state,
 * adding one (its secret shown once, with a copy button), rotating a secret, deleting with a
 * confirmation, and each endpoint's delivery log with a "send again" per message.
 */
export function WebhookEndpoints() {
  const { t } = useTranslation(['integration', 'errors', 'common']);
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className={styles.section} aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t('webhooks.title')}</h2>
      <p className={styles.muted}>{t('webhooks.intro')}</p>
      <CreateEndpointForm onCreated={setSecret} />
      <h3>{t('webhooks.list')}</h3>
      {endpoints.data ? (
        endpoints.data.endpoints.length === 0 ? (
          <p className={styles.muted}>{t('webhooks.none')}</p>
        ) : (
          <ul className={styles.list}>
            {endpoints.data.endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointItem endpoint={endpoint} onSecret={setSecret} />
              </li>
            ))}
          </ul>
        )
      ) : null}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </section>
  );
}

function EventCheckboxes({
  label,
  selected,
  onChange,
  errorText,
  isDisabled = false,
}: {
  label: string;
  selected: readonly WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  errorText?: string;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation(['integration', 'errors']);
  const ids = useFieldIds();
  return (
    <FieldSet
      ids={ids}
      label={label}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorText)}
      hasMessage={Boolean(errorText)}
    >
      <div className={styles.events}>
        {webhookEventTypes.map((type) => (
          <Checkbox
            key={type}
            label={t(eventLabelKeys[type])}
            value={type}
            isSelected={selected.includes(type)}
            onChange={(isSelected) =>
              onChange(
                isSelected
                  ? webhookEventTypes.filter(
                      (candidate) => candidate === type || selected.includes(candidate),
                    )
                  : selected.filter((candidate) => candidate !== type),
              )
            }
          />
        ))}
      </div>
      {errorText ? (
        <span id={ids.messageId} className={styles.error}>
          {errorText}
        </span>
      ) : null}
    </FieldSet>
  );
}

function CreateEndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation(['integration', 'errors', 'common']);
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['drum.low', 'drum.critical']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      url: /^https:\/\/\S+$/i.test(url.trim()) ? undefined : t('webhooks.form.urlInvalid'),
      events: events.length ? undefined : t('webhooks.form.eventsRequired'),
    };
    setErrors(found);
    if (found.url || found.events) return;
    create.mutate(
      { url: url.trim(), description: description.trim() || undefined, events },
      {
        onSuccess: (created) => {
          setUrl('');
          setDescription('');
          toaster.show({ type: 'success', title: t('webhooks.form.added') });
          onCreated(created.secret);
        },
        onError: (error) => {
          const fields = fieldErrorCodes(error);
          const key = errorMessageKey(error);
          if (fields.url) setErrors({ url: t('webhooks.form.urlInvalid') });
          // An address the portal does not call is said under the address, where it is changed.
          else if (key === 'errors:integration.webhook_address_not_public')
            setErrors({ url: t(key) });
          else showErrorToasts(error, t);
        },
      },
    );
  };

  return (
    <form className={styles.form} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h3 id={titleId}>{t('webhooks.form.title')}</h3>
      <TextField
        label={t('webhooks.form.url')}
        description={t('webhooks.form.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        isRequired
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        errorText={errors.url}
      />
      <TextField
        label={t('webhooks.form.description')}
        description={t('webhooks.form.descriptionHint')}
        maxLength={120}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <EventCheckboxes
        label={t('webhooks.form.events')}
        selected={events}
        onChange={setEvents}
        errorText={errors.events}
      />
      <div>
        <Button type="submit" isPending={create.isPending} pendingLabel={t('webhooks.form.adding')}>
          {t('webhooks.form.submit')}
        </Button>
      </div>
    </form>
  );
}

function EndpointItem({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const { t, i18n } = useTranslation(['integration', 'errors', 'common']);
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const [isDeleting, setDeleting] = useState(false);
  const [isLogOpen, setLogOpen] = useState(false);
  const headingId = useId();
  const logId = useId();
  const onError = (error: unknown) => showErrorToasts(error, t);
  const state =
    endpoint.disabledReason === 'failing'
      ? t('webhooks.endpoint.disabledFailing')
      : endpoint.disabledReason === 'admin'
        ? t('webhooks.endpoint.disabledByAdmin')
        : t('webhooks.endpoint.active');

  return (
    <article className={styles.endpoint} aria-labelledby={headingId}>
      <div className={styles.heading}>
        <h4 id={headingId} className={styles.url}>
          {endpoint.url}
        </h4>
        {endpoint.description ? <span className={styles.muted}>{endpoint.description}</span> : null}
        <span className={styles.state} data-state={endpoint.disabledReason ?? 'active'}>
          {state}
        </span>
        {endpoint.previousSecretExpiresAt ? (
          <span className={styles.muted}>
            {t('webhooks.endpoint.overlap', {
              date: formatDateTime(endpoint.previousSecretExpiresAt, i18n.language),
            })}
          </span>
        ) : null}
      </div>
      <Switch
        label={t('webhooks.endpoint.enabled')}
        isSelected={endpoint.isEnabled}
        isDisabled={update.isPending}
        onChange={(isEnabled) =>
          update.mutate(
            { id: endpoint.id, isEnabled },
            {
              onSuccess: () =>
                toaster.show({
                  type: 'success',
                  title: t(
                    isEnabled ? 'webhooks.endpoint.enabledDone' : 'webhooks.endpoint.disabledDone',
                  ),
                }),
              onError,
            },
          )
        }
      />
      <EventCheckboxes
        label={t('webhooks.endpoint.eventsOf')}
        selected={endpoint.events}
        isDisabled={update.isPending}
        onChange={(events) => {
          // An endpoint keeps at least one event: unticking the last one is ignored.
          if (events.length === 0) return;
          update.mutate(
            { id: endpoint.id, events },
            {
              onSuccess: () =>
                toaster.show({ type: 'success', title: t('webhooks.endpoint.saved') }),
              onError,
            },
          );
        }}
      />
      <div className={styles.actions}>
        <Button
          variant="outlined"
          size="small"
          isPending={rotate.isPending}
          pendingLabel={t('webhooks.endpoint.rotating')}
          onPress={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: (rotated) => onSecret(rotated.secret),
              onError,
            })
          }
        >
          {t('webhooks.endpoint.rotate')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          aria-expanded={isLogOpen}
          aria-controls={logId}
          onPress={() => setLogOpen((open) => !open)}
        >
          {isLogOpen ? t('webhooks.endpoint.hideLog') : t('webhooks.endpoint.showLog')}
        </Button>
        <Button variant="text" tone="destructive" size="small" onPress={() => setDeleting(true)}>
          {t('webhooks.endpoint.delete')}
        </Button>
      </div>
      <div id={logId}>{isLogOpen ? <DeliveryLog endpoint={endpoint} /> : null}</div>
      <DeleteDialog endpoint={endpoint} isOpen={isDeleting} onClose={() => setDeleting(false)} />
    </article>
  );
}

function DeleteDialog({
  endpoint,
  isOpen,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['integration', 'errors', 'common']);
  const remove = useDeleteWebhookEndpoint();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('webhooks.delete.title')}
      description={t('webhooks.delete.description', { url: endpoint.url })}
      closeLabel={t('webhooks.delete.cancel')}
      footer={
        <>
          <Button variant="outlined" onPress={onClose}>
            {t('webhooks.delete.cancel')}
          </Button>
          <Button
            tone="destructive"
            isPending={remove.isPending}
            pendingLabel={t('webhooks.delete.deleting')}
            onPress={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => {
                  onClose();
                  toaster.show({ type: 'success', title: t('webhooks.delete.deleted') });
                },
                onError: (error) => showErrorToasts(error, t),
              })
            }
          >
            {t('webhooks.delete.confirm')}
          </Button>
        </>
      }
    />
  );
}

function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation(['integration', 'errors']);
  // Kept while the dialog animates out, so its text does not vanish before it does.
  const [shown, setShown] = useState(secret);
  if (secret !== null && secret !== shown) setShown(secret);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown ?? '');
      toaster.show({ type: 'success', title: t('webhooks.secret.copied') });
    } catch {
      toaster.show({ type: 'error', title: t('webhooks.secret.copyFailed') });
    }
  };
  return (
    <Dialog
      isOpen={secret !== null}
      onClose={onClose}
      title={t('webhooks.secret.title')}
      description={t('webhooks.secret.description')}
      closeLabel={t('webhooks.secret.done')}
      footer={<Button onPress={onClose}>{t('webhooks.secret.done')}</Button>}
    >
      <div className={styles.secret}>
        <TextField
          label={t('webhooks.secret.label')}
          value={shown ?? ''}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
        />
        <div>
          <Button variant="outlined" onPress={() => void copy()}>
            {t('webhooks.secret.copy')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation(['integration', 'errors', 'common']);
  const [limit, setLimit] = useState(LOG_PAGE);
  const log = useWebhookDeliveries(endpoint.id, limit);
  const titleId = useId();
  return (
    <section className={styles.log} aria-labelledby={titleId}>
      <h5 id={titleId}>{t('webhooks.log.title', { url: endpoint.url })}</h5>
      {log.isPending ? (
        <p className={styles.muted} role="status">
          {t('webhooks.log.loading')}
        </p>
      ) : log.isError ? (
        <p role="alert">{t('webhooks.log.error')}</p>
      ) : log.data.deliveries.length === 0 ? (
        <p className={styles.muted}>{t('webhooks.log.none')}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {log.data.deliveries.map((delivery) => (
              <li key={delivery.id}>
                <DeliveryItem endpoint={endpoint} delivery={delivery} />
              </li>
            ))}
          </ul>
          {log.data.nextOffset !== null ? (
            <div>
              <Button variant="text" size="small" onPress={() => setLimit((n) => n + LOG_PAGE)}>
                {t('webhooks.log.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function DeliveryItem({
  endpoint,
  delivery,
}: {
  endpoint: WebhookEndpoint;
  delivery: WebhookDelivery;
}) {
  const { t, i18n } = useTranslation(['integration', 'errors', 'common']);
  const redeliver = useRedeliverWebhookMessage();
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <div className={styles.delivery}>
      <div className={styles.heading}>
        <strong>{t(eventLabelKeys[delivery.eventType])}</strong>
        <span className={styles.state} data-state={delivery.status}>
          {t(`webhooks.log.status.${delivery.status}`)}
        </span>
        <span className={styles.muted}>
          {date(delivery.createdAt)} · <code>{delivery.webhookId}</code>
        </span>
        {delivery.nextAttemptAt ? (
          <span className={styles.muted}>
            {t('webhooks.log.nextAttempt', { date: date(delivery.nextAttemptAt) })}
          </span>
        ) : null}
      </div>
      {delivery.attempts.length ? (
        <ul className={styles.attempts}>
          {delivery.attempts.map((attempt, index) => (
            <li key={`${attempt.at}-${index}`} data-outcome={attempt.outcome}>
              {attempt.responseStatus === null
                ? t('webhooks.log.attemptUnanswered', {
                    date: date(attempt.at),
                    duration: attempt.durationMs,
                  })
                : t('webhooks.log.attemptAnswered', {
                    date: date(attempt.at),
                    code: attempt.responseStatus,
                    duration: attempt.durationMs,
                  })}
              {attempt.isRedelivery ? ` (${t('webhooks.log.redelivery')})` : null}
              {attempt.error ? <span className={styles.muted}> — {attempt.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button
          variant="outlined"
          size="small"
          isDisabled={!endpoint.isEnabled}
          isPending={redeliver.isPending}
          pendingLabel={t('webhooks.log.redelivering')}
          onPress={() =>
            redeliver.mutate(
              { endpointId: endpoint.id, deliveryId: delivery.id },
              {
                onSuccess: () =>
                  toaster.show({ type: 'success', title: t('webhooks.log.redelivered') }),
                onError: (error) => showErrorToasts(error, t),
              },
            )
          }
        >
          {t('webhooks.log.redeliver')}
        </Button>
      </div>
    </div>
  );
}
