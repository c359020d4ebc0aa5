import { useState } from 'react';
import { Link } from 'react-router';
import type { AppNotification } from '@portal/contract';
import { Badge } from '@portal/ui/badge';
import { BellIcon } from '@portal/ui/icons';
import { Button, IconButton } from '@portal/ui/button';
import { Popover } from '@portal/ui/popover';
import { paths } from '@/config/paths';
import { useAbility } from '@/lib/ability';
import { formatDateTime } from '@/lib/date-time';
import { useTranslation } from '@/lib/i18n';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';
import styles from './notification-bell.module.css';

/**
 * The bell: how many notifications are unread, and the newest ones, each a link to its item
 * (the back-office item page for staff, the customer's request or quote otherwise). Following
 * one marks it read; a button marks them all.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('shell');
  const isStaff = useAbility().can('get', 'backoffice');
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [isOpen, setOpen] = useState(false);
  const count = query.data?.unreadCount ?? 0;
  const linkOf = (notification: AppNotification) =>
    notification.kind === 'drum'
      ? `${paths.refill}?drum=${notification.itemId}`
      : isStaff
        ? paths.backofficeItem.build(notification.itemId)
        : notification.kind === 'quote'
          ? `${paths.spareParts}?tab=quotes&quote=${notification.itemId}`
          : notification.kind === 'collection'
            ? `${paths.refill}?tab=requests&collection=${notification.itemId}`
            : `${paths.refill}?tab=requests&request=${notification.itemId}`;

  return (
    <span className={styles.bell}>
      <Popover
        label={t('notifications.title')}
        isOpen={isOpen}
        onOpenChange={setOpen}
        placement="bottom-end"
        trigger={<IconButton label={t('notifications.button', { count })} icon={<BellIcon />} />}
      >
        <div className={styles.panel}>
          <h2 className={styles.title}>{t('notifications.title')}</h2>
          {query.data?.notifications.length ? (
            <ul className={styles.list}>
              {query.data.notifications.map((notification) => (
                <li key={notification.id} data-read={notification.read || undefined}>
                  <Link
                    to={linkOf(notification)}
                    onClick={() => {
                      setOpen(false);
                      if (!notification.read) markRead.mutate([notification.id]);
                    }}
                  >
                    {notification.kind === 'drum'
                      ? t(`notifications.drum.${notification.action}`, {
                          reference: notification.reference,
                          defaultValue: notification.reference,
                        })
                      : t('notifications.entry', {
                          reference: notification.reference,
                          action: t(
                            [
                              `common:workflow.kindActions.${notification.kind}.${notification.action}`,
                              `common:workflow.actions.${notification.action}`,
                            ],
                            { defaultValue: notification.action },
                          ),
                        })}
                  </Link>
                  <span className={styles.when}>
                    {formatDateTime(notification.createdAt, i18n.language)}
                    {notification.read ? '' : ` · ${t('notifications.unread')}`}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('notifications.empty')}</p>
          )}
          {count > 0 ? (
            <Button
              variant="text"
              isPending={markRead.isPending}
              onPress={() => markRead.mutate(undefined)}
            >
              {t('notifications.markAll')}
            </Button>
          ) : null}
        </div>
      </Popover>
      {/* The button's name says the count; the badge is its picture. */}
      <span aria-hidden="true" className={styles.count}>
        <Badge value={count} tone="destructive" />
      </span>
    </span>
  );
}
