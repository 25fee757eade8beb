import { useTranslation } from "~/i18n/use-translation";
import { SmartLink } from "~/components/ui/link/smart-link";
import { pageHref } from "~/config/site-map";

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
            <SmartLink href={pageHref("accessibility")}>{t("footer.accessibility")}</SmartLink>
          </li>
          <li>
            <SmartLink href={pageHref("privacy")}>{t("footer.privacy")}</SmartLink>
          </li>
          <li>
            <SmartLink href={pageHref("changes")}>{t("footer.changes")}</SmartLink>
          </li>
          <li>
            <a href="#top">{t("footer.top")}</a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
