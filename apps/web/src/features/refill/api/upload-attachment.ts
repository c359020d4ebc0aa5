import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attachment } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';
import { refillKeys } from './refill-keys';

/** POST /api/refill/requests/:id/attachments (multipart, field `file`). */
export function uploadAttachment(requestId: string, file: File): Promise<Attachment> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<Attachment>(`/refill/requests/${encodeURIComponent(requestId)}/attachments`, {
    method: 'POST',
    body,
  });
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, file }: { requestId: string; file: File }) =>
      uploadAttachment(requestId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refillKeys.requests }),
  });
}

/** Where the browser downloads an attachment (same origin, session cookie). */
export function attachmentUrl(requestId: string, attachmentId: string): string {
  return `/api/refill/requests/${encodeURIComponent(requestId)}/attachments/${encodeURIComponent(attachmentId)}`;
}
