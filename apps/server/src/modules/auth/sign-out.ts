import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { bumpTokenVersion, revokeToken } from './sessions.repository.js';

export interface SignOutDeps {
  db: Db;
  clock: Clock;
  /** Drops this process's cached account, so the change applies to its next request. */
  forgetSession: (userId: string) => void;
}

/**
 * Ends sessions on the server: the token the request came with (recorded until it would
 * have expired), or with `everywhere` every token of the account (its token version moves
 * on, as a password change does). Other processes apply it to their next write at once and
 * to reads within the few seconds they keep an account (decision 040).
 */
export function createSignOut(deps: SignOutDeps) {
  return async function signOut(
    userId: string,
    token: { id: string; expiresAt: Date },
    everywhere: boolean,
  ) {
    const now = deps.clock();
    if (everywhere) await bumpTokenVersion(deps.db, userId, now);
    else await revokeToken(deps.db, { tokenId: token.id, userId, expiresAt: token.expiresAt }, now);
    deps.forgetSession(userId);
  };
}

export type SignOut = ReturnType<typeof createSignOut>;
