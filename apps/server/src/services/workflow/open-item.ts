import type { WorkItemKind } from '@portal/contract';
import type { Transaction } from '../../db/client';
import { postMessage, type ConversationOwner } from '../conversation/conversation';
import type { NotifyDeps } from './notify';
import { openWorkItem } from './work-items';

/**
 * A customer's new item opens its whole life at once, inside the transaction that creates it:
 * customer service's acknowledgement starts its conversation, the item waits in the provider's
 * inbox, and staff are told by mail and notification.
 */
export async function openCustomerItem(
  tx: Transaction,
  notify: NotifyDeps,
  item: {
    id: string;
    kind: WorkItemKind;
    conversation: ConversationOwner;
    reference: string;
    accountId: string;
    siteId: string | null;
    createdByUserId: string;
    status: string;
    acknowledgement: string;
    now: Date;
  },
): Promise<void> {
  const { id, kind, reference, createdByUserId, status, now } = item;
  await postMessage(
    tx,
    { kind: item.conversation, id },
    { author: 'service' },
    item.acknowledgement,
    now,
  );
  await openWorkItem(tx, notify, {
    id,
    kind,
    reference,
    accountId: item.accountId,
    siteId: item.siteId,
    createdByUserId,
    status,
    now,
  });
}
