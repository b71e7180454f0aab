import os from 'node:os';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../config.js';
import type { Db, DbSession } from '../../db/client.js';
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
 *
 * On PostgreSQL (`openSession`), the beats go through a connection of the process's own,
 * kept open for its whole life, and the row names that connection's server process: when this
 * process dies, PostgreSQL closes the connection at once, and the others take over its work
 * without waiting for its beats to age (`db/process-liveness.ts`, decision 137). A lost
 * connection is opened again at the next beat; while none can be opened, the beats go through
 * the pool and name no connection, and only their age tells.
 */
export function createHeartbeat(deps: {
  db: Db;
  role: Role;
  logger: FastifyBaseLogger;
  workerStats?: () => WorkerStats;
  openSession?: () => Promise<DbSession>;
  /** The time a beat is written at (tests move it by hand). */
  now?: () => Date;
}) {
  const startedAt = new Date(Date.now() - Math.round(process.uptime() * 1000));
  const id = `${os.hostname()}:${process.pid}:${startedAt.getTime()}`;
  const cpu = createCpuMeter();
  let failing = false;
  let session: DbSession | undefined;

  /** The open session, opened again if it was lost; undefined when none can be had. */
  async function openSession() {
    if (!deps.openSession) return undefined;
    if (session?.isOpen()) return session;
    await session?.close();
    session = await deps.openSession().catch(() => undefined);
    return session;
  }

  async function write(now: Date) {
    const on = await openSession();
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
      backendPid: on ? sql`pg_backend_pid()` : null,
      backendStartedAt: on
        ? sql`(select backend_start from pg_stat_activity where pid = pg_backend_pid())`
        : null,
    };
    const db = on?.db ?? deps.db;
    await db
      .insert(serviceHeartbeats)
      .values({ id, ...row })
      .onConflictDoUpdate({ target: serviceHeartbeats.id, set: row });
  }

  async function beat() {
    const now = deps.now?.() ?? new Date();
    try {
      await write(now).catch(async (error: unknown) => {
        // Its connection may have been lost (a database restart): once more on a new one.
        if (!session) throw error;
        await session.close();
        await write(now);
      });
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
    /** Deletes this process's row (after its last beat has settled), then its session. */
    async remove() {
      await deps.db
        .delete(serviceHeartbeats)
        .where(eq(serviceHeartbeats.id, id))
        .catch(() => undefined);
      await session?.close();
      session = undefined;
    },
  };
}

export type Heartbeat = ReturnType<typeof createHeartbeat>;
