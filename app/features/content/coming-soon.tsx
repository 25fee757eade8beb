import { useTranslation } from "~/i18n/use-translation";

/** The 'Coming soon' state of a page whose content is not written yet (the error catalogue's 'Coming soon' state). */
export function ComingSoon() {
  const { t } = useTranslation("common");
  return (
    <div className="notice" role="status">
      <p className="notice__title">{t("states.comingSoon")}</p>
      <p>{t("states.comingSoonBody")}</p>
    </div>
  );
}
