import { useTranslation } from "~/i18n/use-translation";

export interface DataTableToolbarProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** False until hydrated: filtering needs scripts. */
  interactive: boolean;
  label?: string;
  placeholder?: string;
}

/** The text filter above the table: only once hydrated (without scripts a filter cannot work, so none is offered). */
export function DataTableToolbar({ id, value, onChange, interactive, label, placeholder }: DataTableToolbarProps) {
  const { t } = useTranslation("ui");
  if (!interactive) return null;
  return (
    <div className="data-table__toolbar">
      <div className="data-table__filter">
        <label htmlFor={id}>{label ?? t("dataTable.filterLabel")}</label>
        <input
          id={id}
          type="search"
          className="input"
          autoComplete="off"
          placeholder={placeholder ?? t("dataTable.filterPlaceholder")}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
