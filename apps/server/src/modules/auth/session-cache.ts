import type { UserRow } from '../../db/schema/auth.js';

/** What a signed-in request needs of its account, and what decides if a token still holds. */
export type SessionUser = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'isAdmin' | 'isVerified' | 'tokenVersion' | 'avatarUrl'
> & {
  /** Ids of the account's tokens signed out one by one (not yet expired). */
  revokedTokens: readonly string[];
};

/** How long a process trusts what it read of an account: the bound on revocation elsewhere. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  expiresAt: number;
  user: Promise<SessionUser | undefined>;
}

/**
 * Accounts read for authentication, kept a few seconds so a busy customer's requests do not
 * each look their account up (decision 040). A change made by this process (a password
 * reset) calls `forget` and applies at once; one made by another process (the admin CLI,
 * another server on the same PostgreSQL) applies within `ttlMs`. Concurrent requests of one
 * account share a single lookup.
 */
export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS, now = () => performance.now()) {
  const entries = new Map<string, Entry>();
  return {
    get(userId: string, load: () => Promise<SessionUser | undefined>) {
      const cached = entries.get(userId);
      if (cached && cached.expiresAt > now()) return cached.user;
      return this.refresh(userId, load);
    },
    /** Reads the account now (the session check on every page load) and keeps the answer. */
    refresh(userId: string, load: () => Promise<SessionUser | undefined>) {
      const user = load();
      entries.delete(userId);
      if (entries.size >= MAX_ENTRIES) {
        // Oldest first: Map keeps insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const entry = { expiresAt: now() + ttlMs, user };
      entries.set(userId, entry);
      // A failed lookup is not remembered.
      user.catch(() => {
        if (entries.get(userId) === entry) entries.delete(userId);
      });
      return user;
    },
    forget(userId: string) {
      entries.delete(userId);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
