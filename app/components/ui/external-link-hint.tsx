import { useTranslation } from "react-i18next";

/** Screen-reader text appended to links that open a new tab. */
export function ExternalLinkHint() {
  const { t } = useTranslation("common");
  return <span className="visually-hidden"> {t("opensInNewTab")}</span>;
}
