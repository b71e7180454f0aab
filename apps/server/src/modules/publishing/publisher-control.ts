import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { readSystemState, writeSystemState } from '../../lib/system-state.js';

/** The row of `system_state` that every worker polls: stopped or not, and restart requests. */
export const PUBLISHER_STATE_KEY = 'publisher';

export interface PublisherState {
  /** Set by Stop in the admin panel; kept across restarts until Start. */
  paused: boolean;
  /** Bumped by Restart: workers seeing a new number re-read settings and rebuild clients. */
  generation: number;
  changedBy: string | null;
  changedAt: string | null;
}

const RUNNING: PublisherState = { paused: false, generation: 0, changedBy: null, changedAt: null };

export async function readPublisherState(db: DbExecutor): Promise<PublisherState> {
  const value = await readSystemState(db, PUBLISHER_STATE_KEY);
  return value ? { ...RUNNING, ...(value as Partial<PublisherState>) } : RUNNING;
}

/** Applies `change` to the stored state and answers the state before and after. */
export async function changePublisherState(
  db: DbExecutor,
  change: { paused?: boolean; bumpGeneration?: boolean; by: string; at: Date },
) {
  const before = await readPublisherState(db);
  const after: PublisherState = {
    paused: change.paused ?? before.paused,
    generation: before.generation + (change.bumpGeneration ? 1 : 0),
    changedBy: change.by,
    changedAt: change.at.toISOString(),
  };
  await writeSystemState(db, PUBLISHER_STATE_KEY, { ...after }, change.at);
  return { before, after };
}

/**
 * SQL that is true while the publisher is stopped. The claim of every publication checks it
 * in the same statement, so no network call starts once Stop is committed, whatever a
 * worker's last poll said.
 */
export const publisherIsPaused = sql`exists (
  select 1 from system_state ss
  where ss.key = ${PUBLISHER_STATE_KEY} and (ss.value->>'paused')::boolean)`;
