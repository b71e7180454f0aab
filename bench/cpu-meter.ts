/**
 * CPU used during a window by the processes that publish: the server processes the benchmark
 * started (`/proc/<pid>/stat`, user + system time) and the PostgreSQL backends serving the
 * benchmark's database (the same, for the pids `pg_stat_activity` names for that database;
 * PostgreSQL runs on this machine). Sampled every second: a process that dies between two
 * samples (a SIGKILLed worker, a closed connection) loses at most its last second.
 * When the server preloads `pg_stat_statements` (a private cluster started for profiling: the
 * shared one does not, and loading it needs a restart), the window's statements are reset at
 * the start and the costliest listed at the end, with their time per publication.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/**
 * The application name of the benchmark's own connections (its setup and its progress
 * queries), set through PGAPPNAME: their backends are not the publisher's and are left out.
 */
export const HARNESS_APPLICATION_NAME = 'cadence-bench-harness';

/** User + system CPU of a process in ms, or undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the command.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The change of one group of processes' CPU from `start()` to `stop()`. */
function processGroup() {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let isOpen = false;
  return {
    start() {
      isOpen = true;
    },
    /** Records what each pid used so far; a pid first seen after start counts from zero. */
    sample(pids: Iterable<number>, bornAfterStart: (pid: number) => boolean) {
      if (!isOpen) return;
      for (const pid of pids) {
        const used = processCpuMs(pid);
        if (used === undefined) continue;
        if (!first.has(pid)) first.set(pid, bornAfterStart(pid) ? 0 : used);
        last.set(pid, used);
      }
    },
    stop() {
      isOpen = false;
    },
    totalMs() {
      let sum = 0;
      for (const [pid, used] of last) sum += used - (first.get(pid) ?? used);
      return sum;
    },
    processes: () => last.size,
  };
}

interface DatabaseCounters {
  xact_commit: number;
  tup_returned: number;
  tup_fetched: number;
  tup_inserted: number;
  tup_updated: number;
  tup_deleted: number;
  blks_hit: number;
}

/**
 * Measures the CPU of the server processes (`workerPids()`, read at every sample) and, with a
 * PostgreSQL URL, of the backends serving that database, plus the database's counters
 * (transactions, rows read and written) over the window.
 */
export function createCpuMeter(input: {
  workerPids: () => number[];
  databaseUrl?: string | undefined;
}) {
  const workers = processGroup();
  const backends = processGroup();
  const bornAfter = new Set<number>();
  let known = new Set<number>();
  let client: pg.Client | undefined;
  let ownPid = 0;
  let timer: NodeJS.Timeout | undefined;
  let startedAt = 0;
  let endedAt = 0;
  let benchCpu = process.cpuUsage();
  let benchUsedMs = 0;
  let countersBefore: DatabaseCounters | undefined;
  let countersAfter: DatabaseCounters | undefined;
  interface TableStats {
    relname: string;
    seq_scan: number;
    seq_tup_read: number;
    idx_scan: number;
    writes: number;
  }
  let tables: TableStats[] = [];
  interface StatementStats {
    query: string;
    calls: number;
    total_ms: number;
    /** Planning time, when `pg_stat_statements.track_planning` is on (else 0). */
    plan_ms: number;
    rows: number;
  }
  /** Undefined unless `pg_stat_statements` is preloaded (then the window's top statements). */
  let statements: StatementStats[] | undefined;
  let hasStatements = false;
  let tablesBefore = new Map<string, TableStats>();

  const backendPids = async () => {
    if (!client) return [];
    const result = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> $1 and application_name <> $2`,
      [ownPid, HARNESS_APPLICATION_NAME],
    );
    return result.rows.map((row) => row.pid);
  };
  const counters = async () => {
    const result = await client!.query<DatabaseCounters>(
      `select xact_commit::float8 as xact_commit, tup_returned::float8 as tup_returned,
         tup_fetched::float8 as tup_fetched, tup_inserted::float8 as tup_inserted,
         tup_updated::float8 as tup_updated, tup_deleted::float8 as tup_deleted,
         blks_hit::float8 as blks_hit
       from pg_stat_database where datname = current_database()`,
    );
    return result.rows[0];
  };
  const tableStats = async () => {
    const result = await client!.query<TableStats>(
      `select case when schemaname = 'pgboss' and relname ~ '^j[0-9a-f]{56}$' then 'pgboss.job:' || relname
           else schemaname || '.' || relname end as relname,
         coalesce(seq_scan, 0)::float8 as seq_scan,
         coalesce(seq_tup_read, 0)::float8 as seq_tup_read, coalesce(idx_scan, 0)::float8 as idx_scan,
         (n_tup_ins + n_tup_upd + n_tup_del)::float8 as writes
       from pg_stat_all_tables where schemaname in ('public', 'pgboss')`,
    );
    return result.rows;
  };

  async function sample() {
    const pids = input.workerPids();
    for (const pid of pids) if (!known.has(pid) && startedAt > 0) bornAfter.add(pid);
    workers.sample(pids, (pid) => bornAfter.has(pid));
    const serving = await backendPids().catch(() => []);
    for (const pid of serving) if (!known.has(pid) && startedAt > 0) bornAfter.add(pid);
    backends.sample(serving, (pid) => bornAfter.has(pid));
    known = new Set([...known, ...pids, ...serving]);
  }

  return {
    async open() {
      if (!input.databaseUrl) return;
      client = new pg.Client({ connectionString: input.databaseUrl });
      await client.connect();
      ownPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      hasStatements = await client
        .query(`create extension if not exists pg_stat_statements`)
        .then(() => client!.query('select 1 from pg_stat_statements limit 1'))
        .then(
          () => true,
          () => false,
        );
    },
    /** The window opens: what each process used so far is its baseline. */
    async start() {
      known = new Set([...input.workerPids(), ...(await backendPids())]);
      workers.start();
      backends.start();
      await sample();
      startedAt = Date.now();
      benchCpu = process.cpuUsage();
      if (client) {
        countersBefore = await counters();
        tablesBefore = new Map((await tableStats()).map((row) => [row.relname, row]));
        if (hasStatements) await client.query('select pg_stat_statements_reset()');
      }
      timer = setInterval(() => void sample(), 1000);
    },
    /** The window closes (call before stopping the processes). */
    async stop() {
      if (timer) clearInterval(timer);
      await sample();
      endedAt = Date.now();
      const used = process.cpuUsage(benchCpu);
      benchUsedMs = (used.user + used.system) / 1000;
      workers.stop();
      backends.stop();
      if (client) {
        countersAfter = await counters();
        tables = (await tableStats()).map((row) => {
          const before = tablesBefore.get(row.relname);
          return {
            relname: row.relname,
            seq_scan: row.seq_scan - (before?.seq_scan ?? 0),
            seq_tup_read: row.seq_tup_read - (before?.seq_tup_read ?? 0),
            idx_scan: row.idx_scan - (before?.idx_scan ?? 0),
            writes: row.writes - (before?.writes ?? 0),
          };
        });
        if (hasStatements) {
          const result = await client.query<StatementStats>(
            `select regexp_replace(left(s.query, 240), '\\s+', ' ', 'g') as query,
               s.calls::float8 as calls, s.total_exec_time::float8 as total_ms,
               s.total_plan_time::float8 as plan_ms, s.rows::float8 as rows
             from pg_stat_statements s join pg_database d on d.oid = s.dbid
             where d.datname = current_database()
             order by s.total_exec_time + s.total_plan_time desc limit 25`,
          );
          statements = result.rows;
        }
      }
    },
    async close() {
      await client?.end().catch(() => undefined);
    },
    /** Lines for the report: CPU per publication and what the database did per publication. */
    report(publications: number): string[] {
      const per = (ms: number) => (ms / Math.max(1, publications)).toFixed(2);
      const windowS = (endedAt - startedAt) / 1000;
      const workerMs = workers.totalMs();
      const backendMs = backends.totalMs();
      const lines = [
        `  CPU/publication     ${per(workerMs + (client ? backendMs : 0))} ms workers${client ? ' + PostgreSQL' : ' (PostgreSQL inside)'}: workers ${per(workerMs)} ms (${(workerMs / 1000).toFixed(1)} s, ${workers.processes()} processes)${client ? `, PostgreSQL backends ${per(backendMs)} ms (${(backendMs / 1000).toFixed(1)} s, ${backends.processes()} backends)` : ''}; the fakes and proxies ${per(benchUsedMs)} ms; window ${windowS.toFixed(1)} s, ${publications} publications`,
      ];
      if (countersBefore && countersAfter) {
        const d = (key: keyof DatabaseCounters) =>
          ((countersAfter![key] - countersBefore![key]) / Math.max(1, publications)).toFixed(1);
        lines.push(
          `  database/publication ${d('xact_commit')} transactions, ${d('tup_returned')} rows scanned, ${d('tup_fetched')} fetched, ${d('tup_inserted')} inserted, ${d('tup_updated')} updated, ${d('tup_deleted')} deleted, ${d('blks_hit')} buffer hits`,
        );
        const top = tables
          .filter((row) => row.seq_tup_read > 0)
          .sort((a, b) => b.seq_tup_read - a.seq_tup_read)
          .slice(0, 5);
        if (top.length > 0) {
          lines.push(
            `  sequential scans    ${top.map((row) => `${row.relname} ${row.seq_scan} scans, ${Math.round(row.seq_tup_read)} rows`).join('; ')}`,
          );
        }
        const written = tables
          .filter((row) => row.writes > 0)
          .sort((a, b) => b.writes - a.writes)
          .slice(0, 6);
        lines.push(
          `  rows written/publication ${written.map((row) => `${row.relname.replace(/^pgboss\.job:(j.{6}).*/, 'pgboss.job $1…')} ${(row.writes / Math.max(1, publications)).toFixed(2)}`).join(', ')}`,
        );
      }
      if (statements) {
        const total = statements.reduce((sum, row) => sum + row.total_ms, 0);
        const planned = statements.reduce((sum, row) => sum + row.plan_ms, 0);
        lines.push(
          `  statements (pg_stat_statements, top 25: ${per(total)} ms/publication executing, ${per(planned)} ms planning)`,
          ...statements.map(
            (row) =>
              `    ${per(row.total_ms).padStart(6)} + ${per(row.plan_ms).padStart(5)} ms/pub (execute + plan) ${(row.calls / Math.max(1, publications)).toFixed(2).padStart(5)} calls/pub  ${row.query}`,
          ),
        );
      }
      return lines;
    },
  };
}
