// The UTC offsets in force somewhere at a given time, from the time zone data of the runtime's ICU
// (Intl: Node.js ships it whole). A Created off by one of them is local time written as UTC. Whole hours
// from −12 to +14 always count (summer time read the wrong way gives those too); the half and
// three-quarter hours count where a zone uses them at that time (+05:30 India, +05:45 Nepal, −03:30
// Newfoundland, +12:45 Chatham…).

const MINUTES_PER_HOUR = 60;
const WHOLE_HOURS = Array.from({ length: 27 }, (_, index) => (index - 12) * MINUTES_PER_HOUR);
const CACHED_HOURS = 4;
let formatters: Intl.DateTimeFormat[] | null = null;
const byHour = new Map<number, ReadonlySet<number>>();

/** "GMT+05:30" → 330, "GMT−03:30" → −210, "GMT" → 0 (ICU's `longOffset` names); null for anything else. */
export function offsetMinutes(name: string): number | null {
  if (name === "GMT" || name === "UTC") return 0;
  const match = /^(?:GMT|UTC)([+\-−])(\d{1,2})(?::?(\d{2}))?$/.exec(name);
  if (!match) return null;
  const sign = match[1] === "+" ? 1 : -1;
  return sign * (Number(match[2]) * MINUTES_PER_HOUR + Number(match[3] ?? 0));
}

/**
 * The offsets (minutes east of UTC) in force at `at` in some time zone, with every whole hour from −12
 * to +14. Computed once per hour of `at` (the zones' formatters are made once: about 50 ms, then a few
 * milliseconds per hour asked), and only for a Created already found off.
 */
export function utcOffsetsInForce(at: Date): ReadonlySet<number> {
  const hour = Math.floor(at.getTime() / 3_600_000);
  const cached = byHour.get(hour);
  if (cached) return cached;
  formatters ??= Intl.supportedValuesOf("timeZone").map((timeZone) => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }));
  const offsets = new Set<number>(WHOLE_HOURS);
  for (const formatter of formatters) {
    const name = formatter.formatToParts(at).find((part) => part.type === "timeZoneName")?.value;
    const minutes = name === undefined ? null : offsetMinutes(name);
    if (minutes !== null) offsets.add(minutes);
  }
  if (byHour.size >= CACHED_HOURS) byHour.delete(byHour.keys().next().value as number);
  byHour.set(hour, offsets);
  return offsets;
}

/** An offset as a UTC offset is written: 330 → "+05:30", -210 → "-03:30", 0 → "+00:00". */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  const hours = Math.floor(absolute / MINUTES_PER_HOUR);
  return `${sign}${String(hours).padStart(2, "0")}:${String(absolute % MINUTES_PER_HOUR).padStart(2, "0")}`;
}
