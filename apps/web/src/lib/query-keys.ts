/**
 * The product's cache keys; every query of the app uses one of these as its first element. Apart
 * from the query client so that code on a visitor's first page can name them without loading it.
 */
export const queryKeys = {
  profile: ['profile'] as const,
  qgraph: ['qgraph'] as const,
  spareparts: ['spareparts'] as const,
  refillAlert: ['refill_alert'] as const,
  backoffice: ['backoffice'] as const,
  notifications: ['notifications'] as const,
};
