import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@portal/ui/button';
import { CenteredSpinner } from '@portal/ui/spinner';
import { TextField } from '@portal/ui/text-field';
import {
  hasControlCharacters,
  PASSKEY_NAME_MAX_LENGTH,
  type Passkey,
  type Profile,
} from '@portal/contract';
import { ConfirmButton } from '@/lib/confirm-button';
import { formatDateTime } from '@/lib/date-time';
import { showPasskeyError } from '@/lib/passkeys';
import { queryKeys } from '@/lib/query-keys';
import { useTranslation } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import styles from './team.module.css';

/** A passkey name field, checked by the contract's rule before it is sent. */
function useNameField(initial: string) {
  const { t } = useTranslation(['team', 'errors']);
  const [name, setName] = useState(initial);
  const [isChecked, setChecked] = useState(false);
  // The contract's rule for a passkey name (PasskeyNameSchema), without loading zod on this page.
  const trimmed = name.trim();
  const isValid =
    trimmed.length > 0 &&
    trimmed.length <= PASSKEY_NAME_MAX_LENGTH &&
    !hasControlCharacters(trimmed);
  return {
    name: trimmed,
    isValid,
    check: () => setChecked(true),
    reset: () => {
      setName('');
      setChecked(false);
    },
    props: {
      value: name,
      maxLength: PASSKEY_NAME_MAX_LENGTH,
      onChange: (event: { target: { value: string } }) => setName(event.target.value),
      errorText: isChecked && !isValid ? t('team:passkeys.nameRequired') : undefined,
    },
  };
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t, i18n } = useTranslation(['team', 'errors', 'common']);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [isRenaming, setRenaming] = useState(false);
  const field = useNameField(passkey.name);
  const input = useRef<HTMLInputElement>(null);
  // The field takes the focus the "Rename" button had, so a keyboard goes on typing.
  useEffect(() => {
    if (isRenaming) input.current?.focus();
  }, [isRenaming]);

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    field.check();
    if (!field.isValid) return;
    rename.mutate(
      { id: passkey.id, name: field.name },
      {
        onSuccess: () => {
          setRenaming(false);
          toaster.show({ type: 'success', title: t('team:passkeys.renamed') });
        },
        onError: (error) => showPasskeyError(error, t),
      },
    );
  };

  return (
    <li className={styles.row}>
      {isRenaming ? (
        <form className={styles.form} onSubmit={submitRename} noValidate>
          <TextField
            label={t('team:passkeys.newName', { name: passkey.name })}
            ref={input}
            {...field.props}
          />
          <div className={styles.actions}>
            <Button
              type="submit"
              size="small"
              isPending={rename.isPending}
              pendingLabel={t('team:passkeys.saving')}
            >
              {t('team:passkeys.saveName')}
            </Button>
            <Button variant="text" size="small" onPress={() => setRenaming(false)}>
              {t('team:cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className={styles.who}>
            <strong>{passkey.name}</strong>
            <span className={styles.muted}>
              {passkey.lastUsedAt
                ? t('team:passkeys.addedAndUsed', {
                    added: formatDateTime(passkey.createdAt, i18n.language),
                    used: formatDateTime(passkey.lastUsedAt, i18n.language),
                  })
                : t('team:passkeys.added', {
                    added: formatDateTime(passkey.createdAt, i18n.language),
                  })}
            </span>
          </div>
          <div className={styles.actions}>
            <Button variant="outlined" size="small" onPress={() => setRenaming(true)}>
              {t('team:passkeys.rename', { name: passkey.name })}
            </Button>
            <ConfirmButton
              size="small"
              label={t('team:passkeys.remove', { name: passkey.name })}
              isPending={remove.isPending}
              onConfirm={() =>
                remove.mutate(passkey.id, {
                  onSuccess: () =>
                    toaster.show({ type: 'success', title: t('team:passkeys.removed') }),
                  onError: (error) => showPasskeyError(error, t),
                })
              }
            />
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The person's passkeys: add one under a name (the browser creates it), rename one, remove one
 * after a confirmation. Staff asked to add one read until when a link alone still admits them.
 */
export function PasskeyList() {
  const { t, i18n } = useTranslation(['team', 'errors', 'common']);
  // The session's profile, read at boot: shown as it is, never fetched from here.
  const deadline = useQuery<Profile>({ queryKey: queryKeys.profile, enabled: false }).data
    ?.passkeyDeadline;
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const field = useNameField('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    field.check();
    if (!field.isValid) return;
    add.mutate(field.name, {
      onSuccess: () => {
        field.reset();
        toaster.show({ type: 'success', title: t('team:passkeys.addedTitle') });
      },
      onError: (error) => showPasskeyError(error, t),
    });
  };

  return (
    <section className={styles.section} aria-labelledby="passkeys-title" id="passkeys">
      <h2 id="passkeys-title">{t('team:passkeys.title')}</h2>
      <p>{t('team:passkeys.description')}</p>
      {deadline ? (
        <p role="status">
          {t('team:passkeys.requiredBy', { date: formatDateTime(deadline, i18n.language) })}
        </p>
      ) : null}
      {passkeys.isError ? (
        <p role="alert">{t('team:passkeys.loadFailed')}</p>
      ) : !passkeys.data ? (
        <CenteredSpinner label={t('team:loading')} />
      ) : passkeys.data.passkeys.length ? (
        <ul className={styles.list}>
          {passkeys.data.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('team:passkeys.none')}</p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('team:passkeys.name')}
          description={t('team:passkeys.nameDescription')}
          {...field.props}
        />
        <div className={styles.actions}>
          <Button type="submit" isPending={add.isPending} pendingLabel={t('team:passkeys.adding')}>
            {t('team:passkeys.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}
