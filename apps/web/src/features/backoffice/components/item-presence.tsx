import type { Presence } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import styles from './backoffice.module.css';

/**
 * Who else is on the item's page, and who of them is typing a reply, in a polite status region:
 * a screen reader hears a colleague arrive or start typing without losing its place.
 */
export function ItemPresence({ others }: { others: Presence['others'] }) {
  const { t } = useTranslation('backoffice');
  const typing = others.filter((person) => person.isTyping).map((person) => person.name);
  const viewing = others.filter((person) => !person.isTyping).map((person) => person.name);
  return (
    <div role="status" className={styles.presence} data-testid="item-presence">
      {typing.length > 0 ? (
        <p>{t('presence.typing', { names: typing.join(', '), count: typing.length })}</p>
      ) : null}
      {viewing.length > 0 ? (
        <p>{t('presence.viewing', { names: viewing.join(', '), count: viewing.length })}</p>
      ) : null}
    </div>
  );
}
