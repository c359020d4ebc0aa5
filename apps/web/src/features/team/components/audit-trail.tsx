import { useState } from 'react';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { useDropdownLabels } from '@/lib/kit-labels';
import { Button } from '@portal/ui/button';
import { Dropdown } from '@portal/ui/dropdown';
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
  const dropdownLabels = useDropdownLabels();
  const audit = useAudit({ action: action || undefined, who: who.trim() || undefined, offset });

  return (
    <section className={styles.section} aria-labelledby="audit-title">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <div className={styles.filters}>
        <Dropdown<{ value: string; label: string }>
          label={t('audit.action')}
          options={auditActions.map((value) => ({ value, label: t(`audit:actions.${value}`) }))}
          value={action || null}
          isClearable
          isSearchable
          labels={{ ...dropdownLabels, placeholder: t('audit.allActions') }}
          onChange={(value) => {
            setAction(value ?? '');
            setOffset(0);
          }}
        />
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
