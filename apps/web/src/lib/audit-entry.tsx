import type { AuditEvent } from '@portal/contract';
import { useAuditSentence } from './audit-sentence';
import { formatDateTime } from './date-time';
import { useTranslation } from './i18n';
import layout from './layout.module.css';

/**
 * One entry of an audit trail's list, the same on the customer's team page and the provider's
 * account pages: the sentence, what changed, and when.
 */
export function AuditEntry({ event }: { event: AuditEvent }) {
  const { i18n } = useTranslation('audit');
  const { sentence, changes } = useAuditSentence()(event);
  return (
    <li className={layout.row}>
      <div className={layout.who}>
        <strong>{sentence}</strong>
        {changes.length ? <span className={layout.muted}>{changes.join(' · ')}</span> : null}
        <span className={layout.muted}>
          <time dateTime={event.at}>{formatDateTime(event.at, i18n.language)}</time>
        </span>
      </div>
    </li>
  );
}
