import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { RadioGroup } from '@portal/ui/radio';
import { TextField } from '@portal/ui/text-field';
import { auditActions } from '@portal/contract';
import { AuditEntry } from '@/lib/audit-entry';
import { useTranslation } from '@/lib/i18n';
import { AUDIT_PAGE_SIZE, useStaffAudit } from '../api/get-audit';
import styles from './accounts.module.css';

const groups = [
  'all',
  'account',
  'site',
  'drum',
  'equipment',
  'import',
  'member',
  'registration',
  'integration',
];

/**
 * An audit trail, newest first, a page at a time: one account's, or every account's and the
 * provider's own. Filtered by a kind of change and by a part of who did it or to whom.
 */
export function AuditSection({ accountId }: { accountId?: string }) {
  const { t } = useTranslation(['accounts', 'errors', 'audit']);
  const [group, setGroup] = useState('all');
  const [action, setAction] = useState('');
  const [who, setWho] = useState('');
  const [offset, setOffset] = useState(0);
  const audit = useStaffAudit({
    accountId,
    action: action || undefined,
    who: who.trim() || undefined,
    offset,
  });
  const actions = auditActions.filter((value) => group === 'all' || value.startsWith(`${group}.`));

  return (
    <section className={styles.section} aria-labelledby="audit-title">
      <h2 id="audit-title">{t('accounts:audit.title')}</h2>
      <div className={styles.inline}>
        <TextField
          label={t('accounts:audit.who')}
          type="search"
          value={who}
          isFullWidth={false}
          onChange={(event) => {
            setWho(event.target.value);
            setOffset(0);
          }}
        />
      </div>
      <RadioGroup
        label={t('accounts:audit.kind')}
        orientation="horizontal"
        value={group}
        onChange={(value) => {
          setGroup(value);
          setAction('');
          setOffset(0);
        }}
        options={groups.map((value) => ({ value, label: t(`accounts:audit.groups.${value}`) }))}
      />
      {group !== 'all' ? (
        <RadioGroup
          label={t('accounts:audit.action')}
          orientation="horizontal"
          value={action}
          onChange={(value) => {
            setAction(value);
            setOffset(0);
          }}
          options={[
            { value: '', label: t('accounts:audit.anyAction') },
            ...actions.map((value) => ({ value, label: t(`audit:actions.${value}`) })),
          ]}
        />
      ) : null}
      {audit.isError ? <p role="alert">{t('errors:unknown')}</p> : null}
      <ul className={styles.list} aria-busy={audit.isFetching}>
        {audit.data?.events.map((event) => (
          <AuditEntry key={event.id} event={event} />
        ))}
      </ul>
      {audit.data && audit.data.events.length === 0 ? <p>{t('accounts:audit.none')}</p> : null}
      <div className={styles.actions}>
        <Button
          variant="outlined"
          size="small"
          isDisabled={offset === 0}
          onPress={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
        >
          {t('accounts:previous')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          isDisabled={audit.data?.nextOffset == null}
          onPress={() => setOffset(audit.data?.nextOffset ?? offset)}
        >
          {t('accounts:next')}
        </Button>
      </div>
    </section>
  );
}
