import { readFileSync } from 'node:fs';

/**
 * The kernel's counts of connections refused at the door (Linux, /proc/net/netstat): SYNs
 * dropped because a listener's accept queue was full, and SYNs sent again. Both should stay
 * at 0 during a run: every dropped SYN costs a call a second or more of waiting that no real
 * network would add, so a run where they grow measures the harness, not the publisher.
 */
export function readTcpCounters(): { listenOverflows: number; synRetransmits: number } | null {
  let text: string;
  try {
    text = readFileSync('/proc/net/netstat', 'utf8');
  } catch {
    return null; // not Linux
  }
  const lines = text.split('\n');
  const names = lines.find((line) => line.startsWith('TcpExt:'))?.split(/\s+/) ?? [];
  const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]?.split(/\s+/) ?? [];
  const read = (name: string) => Number(values[names.indexOf(name)] ?? 0);
  return { listenOverflows: read('ListenOverflows'), synRetransmits: read('TCPSynRetrans') };
}
