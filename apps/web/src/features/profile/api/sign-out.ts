import { apiRequest } from '@/lib/api-client';

/** POST /api/users/signout: 204, the session is revoked server-side. */
export function signOut(): Promise<void> {
  return apiRequest<void>('/users/signout', { method: 'POST' });
}
