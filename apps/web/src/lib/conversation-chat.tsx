import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Message, MessageList } from '@portal/contract';
import { Chat, type ChatLabels } from '@portal/ui/chat';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { apiRequest } from '@/lib/api-client';
import { useChatOf } from '@/lib/conversation';
import { showErrorToasts } from '@/lib/error-toasts';
import { ErrorState, LoadingState } from '@/lib/load-states';
import { fetchAllPages } from '@/lib/paged-list';
import { useTranslation } from './i18n';

/** The longest message the API takes. */
const MESSAGE_MAX_LENGTH = 2000;

export interface ConversationChatProps {
  /** The API path of the item's messages (`/refill/requests/<id>/messages`): paged by GET, written by POST. */
  path: string;
  /** Its cache key, below the item's so that refreshing the item's list refreshes it too. */
  queryKey: QueryKey;
  /** Accessible name of the message log. */
  label: string;
  labels: ChatLabels;
  /** Whether the reader may write; one who may not reads the conversation without a composer. */
  canWrite: boolean;
}

/**
 * A customer's conversation with customer service about one item, oldest message first. The
 * composer keeps the text until the message is stored: a failure loses nothing and says why.
 */
export function ConversationChat({
  path,
  queryKey,
  label,
  labels,
  canWrite,
}: ConversationChatProps) {
  const { t, i18n } = useTranslation(['common', 'errors']);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      fetchAllPages<MessageList, Message>(path, (page) => page.messages, signal),
  });
  const send = useMutation({
    mutationFn: (body: string) => apiRequest<Message>(path, { method: 'POST', body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
  const { people, chatMessages } = useChatOf(query.data);

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Chat
      label={label}
      people={people}
      messages={chatMessages}
      onSend={
        canWrite
          ? (text) =>
              send.mutateAsync(text).catch((error: unknown) => {
                showErrorToasts(error, t);
                throw error;
              })
          : undefined
      }
      isPending={send.isPending}
      maxLength={MESSAGE_MAX_LENGTH}
      locale={i18n.language === 'en' ? enUS : fr}
      labels={labels}
    />
  );
}
