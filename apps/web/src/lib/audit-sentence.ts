import { FORMER_USER_LABEL, type AuditEvent } from '@portal/contract';
import { useTranslation, type TFunction } from './i18n';

/** An audit entry as people read it: what happened, and what changed. */
export interface AuditSentence {
  /** "Ada Lovelace invited bob@example.com." */
  sentence: string;
  /** "Role: Buyer → Viewer", "Sites: all sites → Lyon", "The internal notes changed.", … */
  changes: string[];
}

/** Values that say only that something happened; the row holds no more than the fact. */
const flags = new Set(['notesChanged', 'fromRegistration']);

/** A person as the trail names them: their full name, else the label it kept. */
function personOf(
  t: TFunction,
  role: 'actor' | 'target',
  name: string | null,
  label: string | null,
): string {
  if (name) return name;
  if (label === FORMER_USER_LABEL) return t(`formerUser.${role}`);
  return label ?? t('values.none');
}

/** One value in the reader's words: roles translated, sites and accounts by name. */
function valueOf(t: TFunction, event: AuditEvent, key: string, value: unknown): string {
  const named = (id: unknown) =>
    typeof id === 'string' ? (event.names[id] ?? t('values.removed')) : t('values.none');
  if (key === 'siteIds') {
    if (value === null || value === undefined) return t('values.allSites');
    if (Array.isArray(value)) return value.length ? value.map(named).join(', ') : t('values.none');
  }
  if (key === 'siteId' || key === 'accountId') return named(value);
  if (value === null || value === undefined || value === '') return t('values.none');
  if (key === 'role' && typeof value === 'string') return t(`roles.${value}`, value);
  if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : t('values.none');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The sentence and the changes of one entry, in `t`'s language (the `audit` texts). */
export function auditSentence(t: TFunction, event: AuditEvent): AuditSentence {
  const sentence = t(`sentences.${event.action}`, {
    actor: personOf(t, 'actor', event.actorName, event.actor),
    target: personOf(t, 'target', event.targetName, event.target),
  });
  const before = event.before ?? {};
  const after = event.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes = keys.flatMap((key) => {
    if (flags.has(key)) return after[key] ? [t(`flags.${key}`)] : [];
    const field = t(`fields.${key}`, key);
    const show = (value: unknown) => valueOf(t, event, key, value);
    if (event.before && event.after) {
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) return [];
      return [t('change', { field, before: show(before[key]), after: show(after[key]) })];
    }
    return [t('value', { field, value: show(event.after ? after[key] : before[key]) })];
  });
  return { sentence, changes };
}

/**
 * The audit trail's one formatter, for the customer's team page and the provider's account
 * pages alike: each entry as a sentence naming people and sites, and its changes.
 */
export function useAuditSentence(): (event: AuditEvent) => AuditSentence {
  const { t } = useTranslation('audit');
  return (event) => auditSentence(t, event);
}
