import { useId, useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { Dialog } from '@portal/ui/dialog';
import { TextField } from '@portal/ui/text-field';
import {
  apiKeyScopes,
  type ApiKey,
  type ApiKeyPolicy,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { DayField } from '@/lib/kit-fields';
import { ApiRequestError } from '../api-client';
import { fieldErrorCodes, showErrorToasts } from '../error-toasts';
import { toaster } from '../toaster';
import { useCreateApiKey, useRevokeApiKey, useRotateApiKey } from './api-key-mutations';
import { CodeBlock } from './copy-button';
import { useApiKeyPolicy, useApiKeys } from './get-api-keys';
import type { IntegrationBase } from './integration-keys';
import { useIntegrationFormat } from './use-integration-format';
import styles from './integration.module.css';

/** A scope's translation key: the scope itself holds a colon, which translation keys read as a namespace separator. */
/** The key form's id: the quick start's first step links to it. */
export const apiKeyFormId = 'new-api-key';

export const scopeKey = {
  'readings:write': 'readingsWrite',
  'drums:read': 'drumsRead',
} as const satisfies Record<ApiKeyScope, string>;

export interface ApiKeysPanelProps {
  /** Whose keys: the admin's own account, or staff's view of one. */
  base: IntegrationBase;
  /** Whether keys may be created and revoked here (reading needs no more than the page). */
  canManage: boolean;
  /** The level of the section's heading (2 on its own page, 3 inside an account's page). */
  headingLevel?: 2 | 3;
}

/**
 * The expiry a key is asked for: it stops working as the chosen day begins, in the reader's
 * time zone; no day chosen, the server gives the portal's longest lifetime (or none).
 */
function expiryOfDay(day: string): string | undefined {
  return day ? new Date(`${day}T00:00:00`).toISOString() : undefined;
}

/** The expiry date field of the forms that make a key: the days the portal allows. */
function ExpiryField({
  policy,
  value,
  onChange,
  errorText,
}: {
  policy: ApiKeyPolicy | undefined;
  value: string;
  onChange: (value: string) => void;
  errorText?: string;
}) {
  const { t } = useTranslation(['integration', 'errors']);
  const longest = policy?.maxLifetimeDays ?? null;
  return (
    <DayField
      label={t('integration:apiKeys.expiry.label')}
      description={
        // Said once the rules are read, never guessed.
        !policy
          ? undefined
          : longest === null
            ? t('integration:apiKeys.expiry.helpNoMaximum')
            : t('integration:apiKeys.expiry.helpMaximum', { days: longest })
      }
      value={value}
      onChange={onChange}
      errorText={errorText}
    />
  );
}

/** The key just made, shown once with its copy button, and the warning that it will not return. */
function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation(['integration', 'errors']);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('apiKeys.shown.title', { name: created.apiKey.name })}
      closeLabel={t('apiKeys.shown.done')}
      width={560}
      footer={<Button onPress={onClose}>{t('apiKeys.shown.done')}</Button>}
    >
      <div className={styles.section}>
        <p className={styles.warning}>{t('apiKeys.shown.warning')}</p>
        <CodeBlock
          code={created.key}
          label={t('apiKeys.shown.label')}
          copyLabel={t('copy.copyKey')}
          wraps
        />
      </div>
    </Dialog>
  );
}

/** Names a key and chooses what it may do; the key made is then shown once. */
function CreateKeyForm({ base, headingLevel }: { base: IntegrationBase; headingLevel: 2 | 3 }) {
  const { t } = useTranslation(['integration', 'errors']);
  const create = useCreateApiKey(base);
  const policy = useApiKeyPolicy(base);
  const [name, setName] = useState('');
  const [expiryDay, setExpiryDay] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['readings:write']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; expiry?: string }>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const Heading = headingLevel === 2 ? 'h3' : 'h4';
  const headingId = useId();
  const scopesErrorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : t('integration:apiKeys.create.nameRequired'),
      scopes: scopes.length ? undefined : t('integration:apiKeys.create.scopeRequired'),
    };
    setErrors(found);
    if (found.name || found.scopes) return;
    create.mutate(
      // In the contract's order, whatever order they were ticked in.
      {
        name: name.trim(),
        scopes: apiKeyScopes.filter((scope) => scopes.includes(scope)),
        expiresAt: expiryOfDay(expiryDay),
      },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setName('');
          setExpiryDay('');
        },
        onError: (error) => {
          const field = fieldErrorCodes(error).name;
          const expiry = expiryErrorOf(error);
          if (field) setErrors({ name: t(`errors:${field}`) });
          else if (expiry) setErrors({ expiry: t(`errors:${expiry}`) });
          else showErrorToasts(error, t);
        },
      },
    );
  };

  return (
    <>
      <form
        id={apiKeyFormId}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby={headingId}
      >
        <Heading id={headingId}>{t('integration:apiKeys.create.title')}</Heading>
        <TextField
          label={t('integration:apiKeys.create.name')}
          description={t('integration:apiKeys.create.nameHelp')}
          value={name}
          maxLength={80}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          errorText={errors.name}
          isRequired
        />
        <fieldset
          className={styles.fieldset}
          aria-describedby={errors.scopes ? scopesErrorId : undefined}
        >
          <legend className={styles.legend}>{t('integration:apiKeys.create.scopes')}</legend>
          {apiKeyScopes.map((scope) => (
            <Checkbox
              key={scope}
              label={t(`integration:apiKeys.scopes.${scopeKey[scope]}`)}
              description={t(`integration:apiKeys.scopeHelp.${scopeKey[scope]}`)}
              isSelected={scopes.includes(scope)}
              isInvalid={Boolean(errors.scopes)}
              onChange={(selected) =>
                setScopes((current) =>
                  selected ? [...current, scope] : current.filter((value) => value !== scope),
                )
              }
            />
          ))}
          {errors.scopes ? (
            <p id={scopesErrorId} className={styles.error}>
              {errors.scopes}
            </p>
          ) : null}
        </fieldset>
        <ExpiryField
          policy={policy}
          value={expiryDay}
          onChange={setExpiryDay}
          errorText={errors.expiry}
        />
        <div>
          <Button
            type="submit"
            isPending={create.isPending}
            pendingLabel={t('integration:apiKeys.create.creating')}
          >
            {t('integration:apiKeys.create.submit')}
          </Button>
        </div>
      </form>
      {created ? <CreatedKeyDialog created={created} onClose={() => setCreated(null)} /> : null}
    </>
  );
}

/** Asks before revoking: machines that use the key are refused at once. */
function RevokeDialog({
  base,
  apiKey,
  onClose,
}: {
  base: IntegrationBase;
  apiKey: ApiKey;
  onClose: () => void;
}) {
  const { t } = useTranslation(['integration', 'errors']);
  const revoke = useRevokeApiKey(base);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('integration:apiKeys.revokeTitle', { name: apiKey.name })}
      description={t('integration:apiKeys.revokeDescription')}
      closeLabel={t('integration:cancel')}
      footer={
        <>
          <Button variant="text" onPress={onClose}>
            {t('integration:cancel')}
          </Button>
          <Button
            tone="destructive"
            isPending={revoke.isPending}
            pendingLabel={t('integration:apiKeys.revoking')}
            onPress={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => {
                  toaster.show({
                    type: 'success',
                    title: t('integration:apiKeys.revoked', { name: apiKey.name }),
                  });
                  onClose();
                },
                onError: (error) => {
                  onClose();
                  showErrorToasts(error, t);
                },
              })
            }
          >
            {t('integration:apiKeys.confirmRevoke')}
          </Button>
        </>
      }
    />
  );
}

/** The expiry a refused key's form should point at, when the server said that was wrong. */
function expiryErrorOf(error: unknown) {
  const code = error instanceof ApiRequestError ? error.body?.message : undefined;
  return code === 'integration.api_key_expiry_in_past' ||
    code === 'integration.api_key_expiry_too_far'
    ? code
    : undefined;
}

/**
 * Asks before rotating, and says what happens: a new key at once, the old one working on for
 * the overlap; the new key is then shown once.
 */
function RotateDialog({
  base,
  apiKey,
  onClose,
}: {
  base: IntegrationBase;
  apiKey: ApiKey;
  onClose: () => void;
}) {
  const { t } = useTranslation(['integration', 'errors']);
  const rotate = useRotateApiKey(base);
  const policy = useApiKeyPolicy(base);
  const [expiryDay, setExpiryDay] = useState('');
  const [expiryError, setExpiryError] = useState<string>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  if (created) return <CreatedKeyDialog created={created} onClose={onClose} />;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('integration:apiKeys.rotateTitle', { name: apiKey.name })}
      description={t('integration:apiKeys.rotateDescription', {
        hours: policy?.rotationOverlapHours ?? 24,
      })}
      closeLabel={t('integration:cancel')}
      footer={
        <>
          <Button variant="text" onPress={onClose}>
            {t('integration:cancel')}
          </Button>
          <Button
            isPending={rotate.isPending}
            pendingLabel={t('integration:apiKeys.rotating')}
            onPress={() =>
              rotate.mutate(
                { id: apiKey.id, expiresAt: expiryOfDay(expiryDay) },
                {
                  onSuccess: setCreated,
                  onError: (error) => {
                    const expiry = expiryErrorOf(error);
                    if (expiry) {
                      setExpiryError(t(`errors:${expiry}`));
                      return;
                    }
                    onClose();
                    showErrorToasts(error, t);
                  },
                },
              )
            }
          >
            {t('integration:apiKeys.confirmRotate')}
          </Button>
        </>
      }
    >
      <ExpiryField
        policy={policy}
        value={expiryDay}
        onChange={setExpiryDay}
        errorText={expiryError}
      />
    </Dialog>
  );
}

/** "5 h 20 min": what is left of a rotated key's overlap, to the minute. */
function timeLeft(until: string, now: number) {
  const minutes = Math.max(0, Math.floor((new Date(until).getTime() - now) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

function ApiKeyRow({
  apiKey,
  canManage,
  onRevoke,
  onRotate,
  now,
}: {
  apiKey: ApiKey;
  /** When the list was read: what expiry and time left are measured from. */
  now: number;
  canManage: boolean;
  onRevoke: (apiKey: ApiKey) => void;
  onRotate: (apiKey: ApiKey) => void;
}) {
  const { t } = useTranslation(['integration', 'errors']);
  const f = useIntegrationFormat();
  const scopes = apiKey.scopes.map((scope) => t(`apiKeys.scopes.${scopeKey[scope]}`));
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= now;
  const live = !apiKey.revokedAt && !expired;
  return (
    <li className={styles.row} data-state={live ? 'active' : 'revoked'}>
      <div className={styles.what}>
        <strong>{apiKey.name}</strong>
        <span className={styles.muted}>
          {t('apiKeys.prefix')} <code className={styles.inline}>{apiKey.prefix}…</code>
          {' · '}
          {t('apiKeys.scopeList', { scopes: f.list(scopes) })}
        </span>
        <span className={styles.muted}>
          {t('apiKeys.created', { date: f.dateTime(apiKey.createdAt) })}
          {' · '}
          {apiKey.lastUsedAt
            ? t('apiKeys.lastUsed', { date: f.dateTime(apiKey.lastUsedAt) })
            : t('apiKeys.neverUsed')}
        </span>
        {apiKey.revokedAt ? (
          <strong>{t('apiKeys.revokedOn', { date: f.dateTime(apiKey.revokedAt) })}</strong>
        ) : expired && apiKey.expiresAt ? (
          <strong>{t('apiKeys.expiredOn', { date: f.dateTime(apiKey.expiresAt) })}</strong>
        ) : apiKey.rotatedAt && apiKey.expiresAt ? (
          <strong>
            {t('apiKeys.rotatedOn', {
              date: f.dateTime(apiKey.rotatedAt),
              until: f.dateTime(apiKey.expiresAt),
            })}{' '}
            {t('apiKeys.timeLeft', timeLeft(apiKey.expiresAt, now))}
          </strong>
        ) : apiKey.expiresAt ? (
          <span className={styles.muted}>
            {t('apiKeys.expiresOn', { date: f.dateTime(apiKey.expiresAt) })}
          </span>
        ) : (
          <span className={styles.muted}>{t('apiKeys.neverExpires')}</span>
        )}
      </div>
      {canManage && live ? (
        <div className={styles.actions}>
          {apiKey.rotatedAt ? null : (
            <Button variant="outlined" size="small" onPress={() => onRotate(apiKey)}>
              {t('apiKeys.rotate', { name: apiKey.name })}
            </Button>
          )}
          <Button
            variant="outlined"
            tone="destructive"
            size="small"
            onPress={() => onRevoke(apiKey)}
          >
            {t('apiKeys.revoke', { name: apiKey.name })}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * An account's API keys: each with its name, what it may do, its first characters, when it was
 * made and last used, and when it expires; revoked and expired ones say when, a rotated one how
 * long it still works. Those who manage create a key (shown once), rotate one and revoke one,
 * each after a confirmation.
 */
export function ApiKeysPanel({ base, canManage, headingLevel = 2 }: ApiKeysPanelProps) {
  const { t } = useTranslation(['integration', 'errors']);
  const keys = useApiKeys(base);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  if (keys.isError) throw keys.error;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId}>{t('apiKeys.title')}</Heading>
      <p>{t('apiKeys.intro')}</p>
      {!keys.data ? (
        <p role="status">{t('loading')}</p>
      ) : keys.data.length === 0 ? (
        <p>{t('apiKeys.none')}</p>
      ) : (
        <ul className={styles.list}>
          {keys.data.map((apiKey) => (
            <ApiKeyRow
              key={apiKey.id}
              apiKey={apiKey}
              canManage={canManage}
              onRevoke={setRevoking}
              onRotate={setRotating}
              // The list is read again when the page regains focus.
              now={keys.dataUpdatedAt}
            />
          ))}
        </ul>
      )}
      {keys.hasNextPage ? (
        <div>
          <Button
            variant="outlined"
            size="small"
            isPending={keys.isFetchingNextPage}
            pendingLabel={t('loading')}
            onPress={() => void keys.fetchNextPage()}
          >
            {t('more')}
          </Button>
        </div>
      ) : null}
      {canManage ? <CreateKeyForm base={base} headingLevel={headingLevel} /> : null}
      {revoking ? (
        <RevokeDialog base={base} apiKey={revoking} onClose={() => setRevoking(null)} />
      ) : null}
      {rotating ? (
        <RotateDialog base={base} apiKey={rotating} onClose={() => setRotating(null)} />
      ) : null}
    </section>
  );
}
