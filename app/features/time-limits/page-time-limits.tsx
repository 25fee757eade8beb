import { useMatches } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { TimeLimitsTable } from "./time-limits-table";
import type { TimeLimitRecord } from "./time-limit-schema";

/** The records whose `pages` list the page, in file order. */
export function pageTimeLimits(pageId: string, records: readonly TimeLimitRecord[] = TIME_LIMITS): TimeLimitRecord[] {
  return records.filter((record) => record.pages.includes(pageId));
}

/**
 * `<TimeLimits />` in a content file: the table of the time limits of the page it is on (the records of
 * content/time-limits/*.json whose `pages` contain the page's id; the route id of a page is its id).
 * Server HTML only on pages of text.
 */
export function TimeLimits() {
  const { t } = useTranslation("time-limits");
  const pageId = useMatches().at(-1)?.id ?? "";
  const records = pageTimeLimits(pageId);
  if (records.length === 0) return null;
  return <TimeLimitsTable records={records} caption={t("caption")} />;
}
