import { TIME_LIMITS } from "virtual:areaoe-time-limits";
import { pageHref, type PageId } from "~/config/site-map";
import { Field } from "~/components/ui/form/field";
import { Select } from "~/components/ui/form/select";
import { LANGUAGE_QUERY } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { useTranslation } from "~/i18n/use-translation";
import { ANSWERED_PANEL_ATTRIBUTE } from "~/components/ui/tool-panel/answered-page-script";
import { TimeLimitsTable } from "./time-limits-table";
import { FILTER_PARAMS, TIME_LIMITS_LIST_ID, filterOptions, filterTimeLimits, pageOfTimeLimits, type TimeLimitsFilter } from "./time-limits-query";

/**
 * Every time limit of the portal, filterable by area and by who must act: a plain GET form
 * (`?area=…&quem=…#lista`, landing on the count) the page's loader answers, so it works without JavaScript. An area keeps the
 * records of its pages (`recordAreas`); each list offers only the choices that have records (a pair of
 * them may still have none: the count says so). Each row
 * links to the pages it belongs to and, when it can be computed, to the calculator with it chosen.
 */
export function TimeLimitsFinder({ filter }: { filter: TimeLimitsFilter }) {
  const { t } = useTranslation("time-limits");
  const { t: tPages } = useTranslation("pages");
  const lang = useLanguage();
  const records = filterTimeLimits(TIME_LIMITS, filter);
  const options = filterOptions(TIME_LIMITS);
  return (
    <div className="time-limits-finder" {...{ [ANSWERED_PANEL_ATTRIBUTE]: "" }}>
      <form method="get" action={`${pageOfTimeLimits()}#${TIME_LIMITS_LIST_ID}`} className="time-limits-finder__form">
        <Field id="filtro-area" label={t("filter.area")}>
          <Select
            name={FILTER_PARAMS.area}
            defaultValue={filter.area}
            options={[{ value: "", label: t("filter.all") }, ...options.areas.map((area) => ({ value: area, label: t(`areas.${area}`) }))]}
          />
        </Field>
        <Field id="filtro-quem" label={t("filter.actor")}>
          <Select
            name={FILTER_PARAMS.actor}
            defaultValue={filter.actor}
            options={[{ value: "", label: t("filter.allActors") }, ...options.actors.map((actor) => ({ value: actor, label: t(`actors.${actor}`) }))]}
          />
        </Field>
        <input type="hidden" name={LANGUAGE_QUERY} value={lang} />
        <button type="submit" className="button">
          {t("filter.submit")}
        </button>
      </form>
      {/* The count, written for each number (pt's plural rules make 0 "one": the zero text is its own).
          The form's address lands here (#lista) and the browser focuses it, without any script. */}
      <p id={TIME_LIMITS_LIST_ID} role="status" tabIndex={-1} className="time-limits-finder__count">
        {t("filter.count", { count: records.length })}
      </p>
      {records.length > 0 ? (
        <TimeLimitsTable
          records={records}
          caption={t("captionAll")}
          pages={(record) => record.pages.map((id) => ({ href: pageHref(id as PageId), title: tPages(`${id as PageId}.title`) }))}
        />
      ) : null}
    </div>
  );
}
