import type { SsoDiscovery, SsoDiscoveryRequest } from '@portal/contract';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/sso/discover: whether an address signs in with a mailed link or single sign-on. */
export function discoverSso(payload: SsoDiscoveryRequest): Promise<SsoDiscovery> {
  return apiRequest<SsoDiscovery>('/auth/sso/discover', { method: 'POST', body: payload });
}
