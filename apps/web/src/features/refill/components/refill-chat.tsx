import { useAbility } from '@/lib/ability';
import { ConversationChat } from '@/lib/conversation-chat';
import { useTranslation } from '@/lib/i18n';
import { refillKeys } from '../api/refill-keys';

export interface RefillChatProps {
  /** The item's list in the API: a refill request's or a drum collection's. */
  list: 'requests' | 'collections';
  item: { id: string; number: string };
}

/**
 * A refill item's conversation with customer service: every reader sees it, writing in it needs
 * `order refill`.
 */
export function RefillChat({ list, item }: RefillChatProps) {
  const { t } = useTranslation('refill');
  const canOrder = useAbility().can('order', 'refill');
  return (
    <ConversationChat
      path={`/refill/${list}/${encodeURIComponent(item.id)}/messages`}
      queryKey={refillKeys.messages(item.id)}
      label={t('conversation.log', { number: item.number })}
      canWrite={canOrder}
      labels={{
        message: t('conversation.message'),
        send: t('conversation.send'),
        empty: t('conversation.empty'),
        notSent: t('conversation.notSent'),
      }}
    />
  );
}
