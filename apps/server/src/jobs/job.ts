import type { z } from 'zod';
import type { ResolvedConfig } from '../config.js';
import type { SettingValues } from '../lib/live-settings.js';

/** How pg-boss keeps a job's queue and retries its jobs (fixed per job, not per send). */
export interface JobPolicy {
  /**
   * pg-boss's queue policy: 'short' keeps at most one queued (not yet started) job per
   * singleton key, 'standard' any number.
   */
  queuePolicy: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How long one run may take before pg-boss counts it failed. */
  expireInSeconds: (config: ResolvedConfig) => number;
  /**
   * Jobs of this kind one process works at once; read again at every fetch, with the
   * admin's live settings, so a change applies without a restart.
   */
  concurrency: (config: ResolvedConfig, settings: SettingValues) => number;
  /**
   * How long the worker waits before asking again when the kind's queue was empty (default
   * 1 s). Every ask is a statement, and a worker asks for each kind it works.
   */
  idlePollMs?: number;
  /**
   * When true, the worker takes no job of this kind (what is waiting stays queued): the
   * publisher's Stop in the admin panel. Read at every fetch.
   */
  stopped?: (state: { publisherStopped: boolean }) => boolean;
}

/**
 * One kind of background job: its queue name, the payload it carries (checked when sent and
 * when worked), how its queue behaves, and the handler the worker runs. `Deps` is what the
 * handler needs from the composition root, and all it gets (`bindJobs` in `index.ts`).
 */
export interface JobDefinition<Payload, Deps = never> {
  name: string;
  payload: z.ZodType<Payload>;
  policy: JobPolicy;
  /** At most one waiting job per key (with the 'short' policy); defaults to none. */
  singletonKey?: (payload: Payload) => string;
  createHandler: (deps: Deps) => (payload: Payload) => Promise<void>;
}

/** Keeps the payload and deps types of a definition (and checks its shape). */
export function defineJob<Payload, Deps>(definition: JobDefinition<Payload, Deps>) {
  return definition;
}

/** A job kind with its handler made from the deps it uses (and nothing else). */
export interface BoundJob {
  name: string;
  policy: JobPolicy;
  /** Checks the stored payload against the kind's schema, then runs the handler. */
  handle: (data: unknown) => Promise<void>;
}

/** Makes the job's handler with its own deps, for the job worker (`worker.ts`). */
export function bindJob<Payload, Deps>(job: JobDefinition<Payload, Deps>, deps: Deps): BoundJob {
  const handler = job.createHandler(deps);
  return {
    name: job.name,
    policy: job.policy,
    handle: (data) => handler(job.payload.parse(data)),
  };
}

export type PayloadOf<Job> = Job extends JobDefinition<infer Payload, never> ? Payload : never;
