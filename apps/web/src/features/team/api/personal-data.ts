import { apiRequest } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/** GET /api/users/me/data: everything the portal holds about the user, as a JSON file. */
export function downloadMyData(): Promise<Blob> {
  return apiRequest<Blob>('/users/me/data', { responseType: 'blob' });
}

/** DELETE /api/users/me: the user and their sessions go; their messages stay, unsigned. */
export function deleteMyAccount(): Promise<void> {
  return apiRequest<void>('/users/me', { method: 'DELETE' });
}

export const useDownloadMyData = () => useAsyncAction(downloadMyData);
export const useDeleteMyAccount = () => useAsyncAction(deleteMyAccount);
