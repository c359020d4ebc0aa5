import { useState } from 'react';
import { ExportMenu } from '@/lib/export-menu';
import { useTranslation } from '@/lib/i18n';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { auditActions, type AuditEvent } from '@portal/contract';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/get-audit';
import { formatDateTime } from '@/lib/date-time';
import styles from './team.module.css';

/** A change's values as "role: buyer → viewer"; roles in the reader's words. */
function useChangeText() {
  const { t } = useTranslation('team');
  const show = (key: string, value: unknown): string => {
    if (value === null || value === undefined) return t('audit.none');
    if (key === 'role' && typeof value === 'string') return t(`roles.${value}`, value);
    if (key === 'siteIds' && Array.isArray(value))
      return t('audit.siteCount', { count: value.length });
    return String(value);
  };
  return (event: AuditEvent): string => {
    const keys = [
      ...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})]),
    ];
    return keys
      .map((key) => {
        const before = event.before?.[key];
        const after = event.after?.[key];
        if (!event.before) return `${t(`audit.fields.${key}`, key)}: ${show(key, after)}`;
        if (!event.after) return `${t(`audit.fields.${key}`, key)}: ${show(key, before)}`;
        return `${t(`audit.fields.${key}`, key)}: ${show(key, before)} → ${show(key, after)}`;
      })
      .join(' · ');
  };
}

/** The account's audit trail: who, when, what, before → after; filtered and paged. */
export function AuditTrail() {
  const { t, i18n } = useTranslation('team');
  const [action, setAction] = useState('');
  const [who, setWho] = useState('');
  const [offset, setOffset] = useState(0);
  const audit = useAudit({ action: action || undefined, who: who.trim() || undefined, offset });
  const changeText = useChangeText();

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
                {t(`audit.actions.${value}`)}
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
          <li key={event.id} className={styles.row}>
            <div className={styles.who}>
              <strong>
                {t(`audit.actions.${event.action}`)}
                {event.target ? ` · ${event.target}` : ''}
              </strong>
              <span className={styles.muted}>
                {t('audit.by', {
                  actor: event.actor,
                  date: formatDateTime(event.at, i18n.language),
                })}
              </span>
              {event.before || event.after ? (
                <span className={styles.muted}>{changeText(event)}</span>
              ) : null}
            </div>
          </li>
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
