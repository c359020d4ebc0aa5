import type { SignInMethod } from '@portal/contract';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A signed-in session as a request sees it: what the sessions table and the cache hand out. */
export interface ActiveSession {
  sessionId: string;
  expiresAt: Date;
  /** When the session was last used, to within a few minutes. */
  lastSeenAt: Date;
  user: UserRow;
  /** How the session began, and when its person last proved who they are (step-up). */
  signInMethod: SignInMethod;
  authenticatedAt: Date;
  /** Set when this request extended the session: the cookie must be sent again. */
  renewedToken?: string;
}
