/** A sign-in link is valid this long (ASVS asks 10 minutes, see docs/operations.md). */
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;
/** Session lifetime, and the part of it in which use extends it. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const SESSION_EXTEND_WITHIN_SECONDS = 15 * 24 * 3600;
