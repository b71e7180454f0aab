export interface ZoneOption {
  zone: string;
  /** Minutes ahead of UTC right now (negative west of Greenwich). */
  offsetMinutes: number;
  /** 'UTC+05:30', 'UTC-03:00', 'UTC'. */
  offsetLabel: string;
  /** What a person reads in the list: 'America/New York (UTC-05:00)'. */
  label: string;
}

/** Every IANA zone this browser supports, UTC included, in alphabetical order. */
export function supportedTimeZones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...zones, 'UTC'])].sort((a, b) => a.localeCompare(b));
}

/** The zone's offset from UTC at `now`, in minutes, read from Intl's long offset name. */
export function zoneOffsetMinutes(zone: string, now: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = name ? /GMT([+-])(\d{2}):(\d{2})/.exec(name) : null;
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

export function formatOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function zoneOptions(zones: readonly string[], now: Date): ZoneOption[] {
  return zones.map((zone) => {
    const offsetMinutes = zoneOffsetMinutes(zone, now);
    const offsetLabel = formatOffset(offsetMinutes);
    return {
      zone,
      offsetMinutes,
      offsetLabel,
      label: `${zone.replaceAll('_', ' ')} (${offsetLabel})`,
    };
  });
}

/** Options whose name or offset contains every word of `query` ('new york', 'utc+05', 'berlin'). */
export function filterZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = query.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const haystack = option.label.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
