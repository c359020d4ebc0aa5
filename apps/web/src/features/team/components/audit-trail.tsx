import { useState } from 'react';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { auditActions } from '@portal/contract';
import { AuditEntry } from '@/lib/audit-entry';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/get-audit';
import styles from './team.module.css';

/** The account's audit trail, each entry a sentence with what changed; filtered and paged. */
export function AuditTrail() {
  const { t } = useTranslation(['team', 'audit']);
  const [action, setAction] = useState('');
  const [who, setWho] = useState('');
  const [offset, setOffset] = useState(0);
  const audit = useAudit({ action: action || undefined, who: who.trim() || undefined, offset });

  return (
    <section className={styles.section} aria-labelledby="audit-title">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <div className={styles.filters}>
        <label className={styles.selectLabel}>
          {t('audit.action')}
          <select
            className={styles.select}
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setOffset(0);
            }}
          >
            <option value="">{t('audit.allActions')}</option>
            {auditActions.map((value) => (
              <option key={value} value={value}>
                {t(`audit:actions.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('audit.who')}
          value={who}
          isFullWidth={false}
          onChange={(event) => {
            setWho(event.target.value);
            setOffset(0);
          }}
        />
        <ExportMenu
          path="/api/exports/audit"
          filters={
            new URLSearchParams([
              ...(action ? [['action', action]] : []),
              ...(who.trim() ? [['who', who.trim()]] : []),
            ])
          }
        />
      </div>
      {audit.data && audit.data.events.length === 0 ? (
        <p className={styles.muted}>{t('audit.empty')}</p>
      ) : null}
      <ul className={styles.list} aria-busy={audit.isFetching || undefined}>
        {audit.data?.events.map((event) => (
          <AuditEntry key={event.id} event={event} />
        ))}
      </ul>
      <div className={styles.pager}>
        <Button
          variant="outlined"
          size="small"
          isDisabled={offset === 0}
          onPress={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
        >
          {t('audit.newer')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          isDisabled={audit.data?.nextOffset == null}
          onPress={() => setOffset(audit.data?.nextOffset ?? offset)}
        >
          {t('audit.older')}
        </Button>
      </div>
    </section>
  );
}
