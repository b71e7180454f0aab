import os from 'node:os';
import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../config.js';
import type { Db } from '../../db/client.js';
import { serviceHeartbeats } from '../../db/schema/admin.js';

/** Rows of processes gone this long are removed by the next process that beats. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface WorkerStats {
  publishing: boolean;
  inFlight: number;
  done: number;
}

/** This process's CPU use since the previous call, in percent of one core. */
function createCpuMeter() {
  let previous = { usage: process.cpuUsage(), at: process.hrtime.bigint() };
  return () => {
    const usage = process.cpuUsage();
    const at = process.hrtime.bigint();
    const usedMicros = usage.user - previous.usage.user + (usage.system - previous.usage.system);
    const elapsedMicros = Number(at - previous.at) / 1000;
    previous = { usage, at };
    return elapsedMicros > 0
      ? Math.min(100 * os.cpus().length, (usedMicros / elapsedMicros) * 100)
      : 0;
  };
}

/**
 * This process's row in `service_heartbeats`: `beat` writes role, host, pid, start time, CPU,
 * resident memory and, for workers, the publisher's counters (the recurring `heartbeat` task
 * calls it every few seconds in every process, `jobs/recurring.ts`). `remove` deletes the
 * row, so a process that ends cleanly leaves no error card behind.
 */
export function createHeartbeat(deps: {
  db: Db;
  role: Role;
  logger: FastifyBaseLogger;
  workerStats?: () => WorkerStats;
}) {
  const startedAt = new Date(Date.now() - Math.round(process.uptime() * 1000));
  const id = `${os.hostname()}:${process.pid}:${startedAt.getTime()}`;
  const cpu = createCpuMeter();
  let failing = false;

  async function beat() {
    const now = new Date();
    const stats = deps.workerStats?.();
    const row = {
      role: deps.role,
      host: os.hostname(),
      pid: process.pid,
      startedAt,
      lastBeatAt: now,
      cpuPercent: Math.round(cpu()),
      rssBytes: process.memoryUsage.rss(),
      publishing: stats ? stats.publishing : null,
      inFlight: stats?.inFlight ?? 0,
      done: stats?.done ?? 0,
    };
    try {
      await deps.db
        .insert(serviceHeartbeats)
        .values({ id, ...row })
        .onConflictDoUpdate({ target: serviceHeartbeats.id, set: row });
      await deps.db
        .delete(serviceHeartbeats)
        .where(lt(serviceHeartbeats.lastBeatAt, new Date(now.getTime() - FORGET_AFTER_MS)));
      failing = false;
    } catch (error) {
      if (!failing) deps.logger.warn({ err: error }, 'could not write the heartbeat');
      failing = true;
    }
  }

  return {
    id,
    beat,
    /** Deletes this process's row (after its last beat has settled). */
    async remove() {
      await deps.db
        .delete(serviceHeartbeats)
        .where(eq(serviceHeartbeats.id, id))
        .catch(() => undefined);
    },
  };
}

export type Heartbeat = ReturnType<typeof createHeartbeat>;
