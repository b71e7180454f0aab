import os from 'node:os';
import type { ServiceCard, ServiceProcess, Services, ServiceStatus } from '@cadence/shared';
import { desc, sql } from 'drizzle-orm';
import type { ResolvedConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { serviceHeartbeats, type HeartbeatRow } from '../../db/schema/admin.js';
import { aiCallLogs } from '../../db/schema/ai.js';
import { loadNodemailer } from '../../integrations/mail.js';
import { processIsSilent } from '../../db/process-liveness.js';
import { runQueueFigures } from '../schedules/index.js';
import { readPublisherState } from '../publishing/index.js';

const PROBE_TIMEOUT_MS = 3_000;
const MB = 1024 * 1024;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms).unref(),
    ),
  ]);
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function formatBytes(bytes: number) {
  if (bytes >= 1024 * MB) return `${round1(bytes / 1024 / MB)} GB`;
  return `${round1(bytes / MB)} MB`;
}

/** The host's CPU use between two readings (all cores, percent). */
function createHostCpuMeter() {
  const totals = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const all = Object.values(cpu.times).reduce((a, b) => a + b, 0);
        return { idle: sum.idle + cpu.times.idle, all: sum.all + all };
      },
      { idle: 0, all: 0 },
    );
  let previous = totals();
  return () => {
    const current = totals();
    const all = current.all - previous.all;
    const idle = current.idle - previous.idle;
    previous = current;
    if (all <= 0) return round1(Math.min(100, (os.loadavg()[0]! / os.cpus().length) * 100));
    return round1(((all - idle) / all) * 100);
  };
}

export interface ServiceMonitorDeps {
  database: Database;
  config: ResolvedConfig;
}

/**
 * The Service Monitoring cards, from the processes' heartbeats and live probes of the
 * database, the job queue, mail and AI. Nothing here is sampled or invented: a probe that
 * fails makes its card 'error' with the reason.
 */
export function createServiceMonitor(deps: ServiceMonitorDeps) {
  const { database, config } = deps;
  const db = database.db;
  const hostCpu = createHostCpuMeter();

  /** `isGone`: silent by the rule the publisher's takeovers use (`processIsSilent`). */
  function toProcess(
    { row, isGone }: { row: HeartbeatRow; isGone: boolean },
    now: Date,
    isPublishing: boolean,
  ): ServiceProcess {
    const isWorker = row.role !== 'web' && isPublishing;
    let status: ServiceStatus = 'running';
    if (isGone) status = 'error';
    else if (isWorker && row.publishing === false) status = 'stopped';
    return {
      id: row.id,
      role: row.role,
      host: row.host,
      pid: row.pid,
      status,
      uptime_seconds: Math.max(0, Math.round((now.getTime() - row.startedAt.getTime()) / 1000)),
      cpu_percent: row.cpuPercent,
      memory_mb: round1(row.rssBytes / MB),
      last_beat: row.lastBeatAt.toISOString(),
      in_flight: isWorker ? row.inFlight : null,
      done: isWorker ? row.done : null,
    };
  }

  /** Totals over the processes that are alive. */
  function processTotals(processes: ServiceProcess[]) {
    const live = processes.filter((process) => process.status !== 'error');
    if (live.length === 0) return { uptime_seconds: null, cpu_percent: null, memory_mb: null };
    return {
      uptime_seconds: Math.max(...live.map((process) => process.uptime_seconds)),
      cpu_percent: round1(live.reduce((sum, process) => sum + process.cpu_percent, 0)),
      memory_mb: round1(live.reduce((sum, process) => sum + process.memory_mb, 0)),
    };
  }

  async function databaseCard(checkedAt: string): Promise<ServiceCard> {
    const base = {
      id: 'database',
      name: 'Database',
      description: `${database.kind === 'postgres' ? 'PostgreSQL' : 'Embedded PostgreSQL (PGlite)'}: every table and the job queue`,
      last_checked: checkedAt,
      cpu_percent: null,
      memory_mb: null,
      processes: [],
      actions: [],
    };
    try {
      const started = performance.now();
      await withTimeout(db.execute(sql`select 1`), PROBE_TIMEOUT_MS);
      const roundTrip = performance.now() - started;
      const [info] = rowsOf<{ size: string | number; connections: number; uptime: number | null }>(
        await withTimeout(
          db.execute(sql`select pg_database_size(current_database()) as size,
            (select count(*)::int from pg_stat_activity where datname = current_database()) as connections,
            extract(epoch from now() - pg_postmaster_start_time())::int as uptime`),
          PROBE_TIMEOUT_MS,
        ),
      );
      return {
        ...base,
        status: 'running',
        uptime_seconds: info?.uptime ?? null,
        details: [
          { label: 'Round trip', value: `${round1(roundTrip)} ms` },
          { label: 'Size', value: formatBytes(Number(info?.size ?? 0)) },
          { label: 'Connections', value: String(info?.connections ?? 0) },
        ],
      };
    } catch (error) {
      return {
        ...base,
        status: 'error',
        uptime_seconds: null,
        details: [{ label: 'Error', value: message(error) }],
      };
    }
  }

  async function queueCard(checkedAt: string): Promise<ServiceCard> {
    const base = {
      id: 'queue',
      name: 'Job Queue',
      description: 'One publish run per scheduled post, taken by the workers at its time',
      last_checked: checkedAt,
      uptime_seconds: null,
      cpu_percent: null,
      memory_mb: null,
      processes: [],
      actions: [],
    };
    try {
      const counts = await withTimeout(runQueueFigures(db, new Date()), PROBE_TIMEOUT_MS);
      return {
        ...base,
        status: 'running',
        details: [
          { label: 'Waiting (due)', value: String(counts.waiting ?? 0) },
          { label: 'Active', value: String(counts.active ?? 0) },
          { label: 'Failed', value: String(counts.failed ?? 0) },
          {
            label: 'Oldest due job',
            value: counts.oldest == null ? '-' : `${counts.oldest} s`,
          },
        ],
      };
    } catch (error) {
      return { ...base, status: 'error', details: [{ label: 'Error', value: message(error) }] };
    }
  }

  async function mailCard(checkedAt: string): Promise<ServiceCard> {
    const base = {
      id: 'mail',
      name: 'Mail',
      description: 'Sign-up and password-reset codes',
      last_checked: checkedAt,
      uptime_seconds: null,
      cpu_percent: null,
      memory_mb: null,
      processes: [],
      actions: [],
    };
    if (!config.smtpUrl) {
      return {
        ...base,
        status: 'running',
        details: [{ label: 'Mailer', value: 'development mailer (log and DATA_DIR/outbox)' }],
      };
    }
    const host = new URL(config.smtpUrl).host;
    const nodemailer = await loadNodemailer();
    const transport = nodemailer.createTransport(config.smtpUrl, {
      connectionTimeout: PROBE_TIMEOUT_MS,
      greetingTimeout: PROBE_TIMEOUT_MS,
      socketTimeout: PROBE_TIMEOUT_MS,
    } as never);
    try {
      await withTimeout(transport.verify(), PROBE_TIMEOUT_MS + 500);
      return {
        ...base,
        status: 'running',
        details: [{ label: 'SMTP', value: `${host} reachable` }],
      };
    } catch (error) {
      return {
        ...base,
        status: 'error',
        details: [{ label: 'SMTP', value: `${host} unreachable: ${message(error)}` }],
      };
    } finally {
      transport.close();
    }
  }

  async function aiCard(checkedAt: string): Promise<ServiceCard> {
    const base = {
      id: 'ai',
      name: 'AI',
      description: 'AI Assist and the post writing helpers',
      last_checked: checkedAt,
      uptime_seconds: null,
      cpu_percent: null,
      memory_mb: null,
      processes: [],
      actions: [],
    };
    if (!config.openai.apiKey) {
      return {
        ...base,
        status: 'stopped',
        details: [{ label: 'Status', value: 'Not configured' }],
      };
    }
    try {
      const [last] = await db
        .select({
          at: aiCallLogs.createdAt,
          error: aiCallLogs.error,
          ms: aiCallLogs.responseTimeMs,
        })
        .from(aiCallLogs)
        .orderBy(desc(aiCallLogs.createdAt))
        .limit(1);
      const details = [
        { label: 'Model', value: config.openai.model },
        {
          label: 'Last call',
          // The time goes apart: the screen shows it in the admin's saved zone.
          ...(last ? { at: last.at.toISOString() } : {}),
          value: last
            ? last.error
              ? `failed (${last.error})`
              : `answered in ${last.ms} ms`
            : 'none yet',
        },
      ];
      return { ...base, status: last?.error ? 'error' : 'running', details };
    } catch (error) {
      return { ...base, status: 'error', details: [{ label: 'Error', value: message(error) }] };
    }
  }

  return {
    async snapshot(): Promise<Services> {
      // Wall-clock time, like the heartbeats it is compared with.
      const now = new Date();
      const checkedAt = now.toISOString();
      const [beats, publisherState] = await Promise.all([
        // Gone by the publisher's own rule (decisions 131 and 137): its beats stopped, or the
        // connection it beats on ended.
        db
          .select({
            row: serviceHeartbeats,
            isGone: sql<boolean>`${processIsSilent(sql`${serviceHeartbeats.id}`, sql`${checkedAt}::timestamptz`)}`,
          })
          .from(serviceHeartbeats)
          .orderBy(serviceHeartbeats.startedAt),
        readPublisherState(db),
      ]);
      const workers = beats
        .filter((beat) => beat.row.role !== 'web')
        .map((beat) => toProcess(beat, now, true));
      const webs = beats
        .filter((beat) => beat.row.role !== 'worker')
        .map((beat) => toProcess(beat, now, false));
      const liveWorkers = workers.filter((worker) => worker.status !== 'error');

      let publisherStatus: ServiceStatus = 'running';
      if (publisherState.stopped) publisherStatus = 'stopped';
      else if (liveWorkers.length === 0) publisherStatus = 'error';
      const publisher: ServiceCard = {
        id: 'publisher',
        name: 'Publisher',
        description: 'Publishes scheduled posts to the networks (worker processes)',
        status: publisherStatus,
        last_checked: checkedAt,
        ...processTotals(workers),
        details: [
          {
            label: 'Workers',
            value: `${liveWorkers.length} alive, ${workers.length - liveWorkers.length} silent`,
          },
          {
            label: 'In flight',
            value: String(liveWorkers.reduce((sum, w) => sum + (w.in_flight ?? 0), 0)),
          },
          {
            label: 'Done since start',
            value: String(liveWorkers.reduce((sum, w) => sum + (w.done ?? 0), 0)),
          },
          ...(publisherState.changedBy
            ? [
                {
                  label: 'Last change',
                  value: `${publisherState.stopped ? 'stopped' : 'started'} by ${publisherState.changedBy}`,
                },
              ]
            : []),
        ],
        processes: workers,
        actions: publisherState.stopped ? ['start'] : ['stop', 'restart'],
      };
      const liveWebs = webs.filter((web) => web.status !== 'error');
      const web: ServiceCard = {
        id: 'web',
        name: 'Web',
        description: 'API and web app (web processes)',
        status: liveWebs.length > 0 ? 'running' : 'error',
        last_checked: checkedAt,
        ...processTotals(webs),
        details: [
          {
            label: 'Processes',
            value: `${liveWebs.length} alive, ${webs.length - liveWebs.length} silent`,
          },
        ],
        processes: webs,
        actions: [],
      };
      const cards = await Promise.all([
        databaseCard(checkedAt),
        queueCard(checkedAt),
        mailCard(checkedAt),
        aiCard(checkedAt),
      ]);
      const [databaseService, queue, mail, ai] = cards;
      const total = os.totalmem();
      return {
        services: [publisher, web, databaseService, queue, mail, ai],
        host: {
          cpu_percent: hostCpu(),
          memory_used_mb: Math.round((total - os.freemem()) / MB),
          memory_total_mb: Math.round(total / MB),
        },
      };
    },
  };
}

export type ServiceMonitor = ReturnType<typeof createServiceMonitor>;
