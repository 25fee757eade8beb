import { useTranslation } from "react-i18next";
import { SmartLink } from "../ui/smart-link";

export function SiteFooter({ financePortal }: { financePortal?: string }) {
  const { t } = useTranslation("common");
  return (
    <footer className="site-footer" aria-label={t("footer.label")}>
      <div className="container">
        <p>{t("footer.about")}</p>
        <p>{t("footer.accreditation")}</p>
        <ul className="site-footer__links">
          {financePortal ? (
            <li>
              <SmartLink href={financePortal} inApp={false}>
                {t("footer.financePortal")}
              </SmartLink>
            </li>
          ) : null}
          <li>
            <a href="#top">{t("footer.top")}</a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
