import { useTranslation } from "~/i18n/use-translation";

/** The live status line: 'Loading…' or the number of rows that pass the filter. */
export function DataTableStatus({ loading, count }: { loading: boolean; count: number }) {
  const { t } = useTranslation(["ui", "common"]);
  return (
    <p className="data-table__status" role="status">
      {loading ? t("common:states.loading") : t("ui:dataTable.results", { count })}
    </p>
  );
}
