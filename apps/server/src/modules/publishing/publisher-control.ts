import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { readSystemState, writeSystemState } from '../../lib/system-state.js';

/** The row of `system_state` that every worker polls: stopped or not, and restart requests. */
export const PUBLISHER_STATE_KEY = 'publisher';

export interface PublisherState {
  /** Set by Stop in the admin panel; kept across restarts until Start. */
  stopped: boolean;
  /** Bumped by Restart: workers seeing a new number re-read settings and rebuild clients. */
  generation: number;
  changedBy: string | null;
  changedAt: string | null;
}

/**
 * The state as stored (the `system_state` row and the audit log's before and after). The
 * stored key for Stop is `paused`, from before the admin screen's word 'stopped' was the
 * code's too; it stays so rows already written read the same (no migration). These two
 * functions and `publisherIsStopped` below are the only places that know it.
 */
// (A type, not an interface: the jsonb column takes a plain record.)
export type StoredPublisherState = {
  paused: boolean;
  generation: number;
  changedBy: string | null;
  changedAt: string | null;
};

const RUNNING: StoredPublisherState = {
  paused: false,
  generation: 0,
  changedBy: null,
  changedAt: null,
};

function fromStored(stored: StoredPublisherState): PublisherState {
  const { paused, ...rest } = stored;
  return { stopped: paused, ...rest };
}

export function toStoredPublisherState(state: PublisherState): StoredPublisherState {
  const { stopped, ...rest } = state;
  return { paused: stopped, ...rest };
}

export async function readPublisherState(db: DbExecutor): Promise<PublisherState> {
  const value = await readSystemState(db, PUBLISHER_STATE_KEY);
  return fromStored(value ? { ...RUNNING, ...(value as Partial<StoredPublisherState>) } : RUNNING);
}

/** Applies `change` to the stored state and answers the state before and after. */
export async function changePublisherState(
  db: DbExecutor,
  change: { stopped?: boolean; bumpGeneration?: boolean; by: string; at: Date },
) {
  const before = await readPublisherState(db);
  const after: PublisherState = {
    stopped: change.stopped ?? before.stopped,
    generation: before.generation + (change.bumpGeneration ? 1 : 0),
    changedBy: change.by,
    changedAt: change.at.toISOString(),
  };
  await writeSystemState(db, PUBLISHER_STATE_KEY, toStoredPublisherState(after), change.at);
  return { before, after };
}

/**
 * SQL that is true while the publisher is stopped. The claim of every publication checks it
 * in the same statement, so no network call starts once Stop is committed, whatever a
 * worker's last poll said.
 */
export const publisherIsStopped = sql`exists (
  select 1 from system_state ss
  where ss.key = ${PUBLISHER_STATE_KEY} and (ss.value->>'paused')::boolean)`;
