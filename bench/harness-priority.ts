import { getPriority, setPriority } from 'node:os';

/**
 * The stand-ins and proxies all run in the benchmark's one process, on the same two cores as
 * the workers and PostgreSQL. Left at the same priority, that one process gets a share of a
 * core like any other at the burst's height, falls seconds behind, and the adapters' calls
 * time out (15 s) on networks that would have answered: the run then measures retries and
 * read-backs the harness caused. A real network answers on machines of its own, whatever our
 * load, so the harness runs `raiseBy` nice steps above the server processes (Linux lets root
 * do this; elsewhere it stays level and says so). Its CPU is still spent on the same cores and
 * still printed: only its turn comes first.
 */
export function raiseHarnessPriority(raiseBy: number): {
  /** Gives a server process the priority the benchmark was started with. */
  level: (pid: number | undefined) => void;
  summary: string;
} {
  const base = getPriority();
  const level = (pid: number | undefined) => {
    if (pid === undefined || raiseBy <= 0) return;
    try {
      setPriority(pid, base);
    } catch {
      // Already exited, or not permitted: it runs at the harness's priority.
    }
  };
  if (raiseBy <= 0) return { level, summary: `level with the server processes (nice ${base})` };
  const raised = Math.max(-20, base - raiseBy);
  try {
    setPriority(raised);
  } catch {
    return {
      level: () => undefined,
      summary: `level with the server processes (nice ${base}): raising it was not permitted`,
    };
  }
  return {
    level,
    summary: `nice ${raised}, the server processes it starts at ${base}`,
  };
}
