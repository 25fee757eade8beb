import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { TimeLimitsTable } from "./time-limits-table";
import type { TimeLimitRecord } from "./time-limit-schema";

/** The records with these ids, in the order given; an unknown id is skipped (the content checks name it). */
export function timeLimitsByIds(ids: readonly string[], records: readonly TimeLimitRecord[] = TIME_LIMITS): TimeLimitRecord[] {
  return ids.flatMap((id) => records.filter((record) => record.id === id));
}

/**
 * The table of some time limits named by their records' ids (a journey's step: app/config/journeys.ts),
 * the same table as a page's `<TimeLimits />`. Nothing when no id names a record.
 */
export function TimeLimitsOf({ ids, caption }: { ids: readonly string[]; caption: string }) {
  const records = timeLimitsByIds(ids);
  if (records.length === 0) return null;
  return <TimeLimitsTable records={records} caption={caption} />;
}
