import type PgBoss from 'pg-boss';
import type { ResolvedConfig } from '../config.js';
import type { JobDefinition, JobPolicy } from './job.js';

export interface SendJobOptions {
  /** Not before this instant (now when left out). */
  startAfter?: Date;
  /** Overrides the definition's singleton key. */
  key?: string;
}

/**
 * What a service may do with one kind of job: queue it and cancel it. Services take this
 * port (typed by the job's payload), never the queue itself.
 */
export interface JobPort<Payload> {
  /** Answers the job id, or null when a job with the same key is already waiting. */
  send(payload: Payload, options?: SendJobOptions): Promise<string | null>;
  /** Cancels waiting jobs; null ids (never queued) are skipped. */
  cancel(jobIds: Array<string | null>): Promise<void>;
}

/** Binds job definitions to the running queue. */
export interface Jobs {
  port<Payload>(job: JobDefinition<Payload, never>): JobPort<Payload>;
}

export function createJobs(boss: PgBoss, config: ResolvedConfig): Jobs {
  return {
    port<Payload>(job: JobDefinition<Payload, never>): JobPort<Payload> {
      return {
        async send(payload, options = {}) {
          const data = job.payload.parse(payload) as object;
          const key = options.key ?? job.singletonKey?.(payload);
          return boss.send(job.name, data, {
            ...(options.startAfter ? { startAfter: options.startAfter } : {}),
            ...(key ? { singletonKey: key } : {}),
            ...sendPolicy(job.policy, config),
          });
        },
        async cancel(jobIds) {
          const ids = jobIds.filter((id): id is string => !!id);
          if (ids.length > 0) await boss.cancel(job.name, ids);
        },
      };
    },
  };
}

/** The retry and expiry options every job of the definition is sent with. */
export function sendPolicy(policy: JobPolicy, config: ResolvedConfig) {
  return {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: policy.retryBackoff,
    expireInSeconds: policy.expireInSeconds(config),
  };
}
