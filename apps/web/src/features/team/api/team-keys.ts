/** Query keys of the team feature; mutations invalidate by them. */
export const teamKeys = {
  team: ['team'] as const,
  audit: (filter: { action?: string; who?: string; offset: number }) =>
    ['team', 'audit', filter] as const,
  sessions: ['account', 'sessions'] as const,
  passkeys: ['account', 'passkeys'] as const,
};
