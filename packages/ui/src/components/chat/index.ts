export { Chat, defaultChatLabels, type ChatLabels, type ChatProps } from './chat';
export {
  CHAT_GROUP_WINDOW_MS,
  groupMessages,
  type ChatItem,
  type ChatMessage,
  type ChatPerson,
} from './group-messages';
