import { useTranslation } from "~/i18n/use-translation";

/** Screen-reader text appended to links that open a new tab. */
export function ExternalLinkHint() {
  const { t } = useTranslation("common");
  return <span className="visually-hidden"> {t("opensInNewTab")}</span>;
}
