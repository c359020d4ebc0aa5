import type { z } from 'zod';
import type { ConfirmAlertRecipientResponseSchema } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

type ConfirmAlertRecipientResponse = z.infer<typeof ConfirmAlertRecipientResponseSchema>;

/** POST /api/alerts/recipients/confirm: spends the one-time link of an alert recipient's mail. */
export function confirmAlertRecipient(token: string): Promise<ConfirmAlertRecipientResponse> {
  return apiRequest<ConfirmAlertRecipientResponse>('/alerts/recipients/confirm', {
    method: 'POST',
    body: { token },
  });
}

export function useConfirmAlertRecipient() {
  return useAsyncAction(confirmAlertRecipient);
}
